import Bytes
import Mustache

/// To the Mustache library, markup is the text it is: a template with transforms,
/// sections or lookups on it renders as it would with a `String` there.
extension Markup: MustacheCustomRepresentation {
    public var representation: Any? { text }
}
