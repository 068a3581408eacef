extension String {
    /// The string right-aligned in `width` characters.
    public func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
