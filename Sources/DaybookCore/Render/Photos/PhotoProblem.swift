/// Why a photo could not be used: unreadable, damaged, too large, or of a kind not accepted.
/// The build places it at the photo's reference in the data.
public struct PhotoProblem: Error, Sendable, Equatable {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }
}
