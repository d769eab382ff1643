import Foundation

/// An sRGB colour written as `#RRGGBB`, with the WCAG 2.x measures of it.
public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    /// The colour `#RRGGBB` (the `#` optional); nil for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        red = UInt8(value >> 16 & 0xFF)
        green = UInt8(value >> 8 & 0xFF)
        blue = UInt8(value & 0xFF)
    }

    /// `#RRGGBB`, upper case.
    public var description: String {
        "#" + [red, green, blue].map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// WCAG 2.x relative luminance, 0 (black) to 1 (white).
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.x contrast ratio with `other`, 1 to 21.
    public func contrast(with other: RGBColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
