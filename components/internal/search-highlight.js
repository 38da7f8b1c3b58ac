// The highlighter lives in common/ (the search worker runs it too, for a <note-list>'s rows).
export { highlightSegments, wordMatcher, noteHighlights } from '../../common/search-highlight.js';
