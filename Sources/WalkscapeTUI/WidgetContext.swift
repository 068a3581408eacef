/// What every widget may need besides its own data: the interface's strings and whether to draw in ASCII.
public struct WidgetContext: Sendable {
    public var strings: UIStrings
    public var ascii: Bool

    public init(strings: UIStrings, ascii: Bool) {
        self.strings = strings
        self.ascii = ascii
    }
}
