// Must not compile: a number where <fuzzy-search> takes string[].
import 'memento-elements'

export const Wrong = () => <fuzzy-search documents={42} />
