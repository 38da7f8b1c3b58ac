// Must not compile: a number where <fuzzy-search> takes string[].
import 'memento-elements/fuzzy-search'

export const Wrong = () => <fuzzy-search documents={42} />
