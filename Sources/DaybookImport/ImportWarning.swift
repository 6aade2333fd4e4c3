/// Something an import skipped or changed that the user should know; printed by `main` as `warning: …`.
public struct ImportWarning: Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
