/// A colour of Apple's system palette, with its light- and dark-mode values.
public enum Tint: String, Sendable, CaseIterable, Encodable {
    case systemBlue, systemRed, systemPurple, systemGreen, systemOrange, systemPink,
         systemYellow, systemMint, systemTeal, systemIndigo, systemBrown

    /// The light-mode value (`#RRGGBB`).
    public var light: String {
        switch self {
        case .systemBlue: "#007AFF"
        case .systemRed: "#FF3B30"
        case .systemPurple: "#AF52DE"
        case .systemGreen: "#34C759"
        case .systemOrange: "#FF9500"
        case .systemPink: "#FF2D55"
        case .systemYellow: "#FFCC00"
        case .systemMint: "#00C7BE"
        case .systemTeal: "#30B0C7"
        case .systemIndigo: "#5856D6"
        case .systemBrown: "#A2845E"
        }
    }

    /// The dark-mode value (`#RRGGBB`).
    public var dark: String {
        switch self {
        case .systemBlue: "#0A84FF"
        case .systemRed: "#FF453A"
        case .systemPurple: "#BF5AF2"
        case .systemGreen: "#30D158"
        case .systemOrange: "#FF9F0A"
        case .systemPink: "#FF375F"
        case .systemYellow: "#FFD60A"
        case .systemMint: "#63E6E2"
        case .systemTeal: "#40CBE0"
        case .systemIndigo: "#5E5CE6"
        case .systemBrown: "#AC8E68"
        }
    }
}
