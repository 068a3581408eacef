import WalkscapeCore
/// The answer to `POST /vouchers/validate`, from the draft (`{valid, maxUses, usesSoFar, expiresAt}`) or
/// the deployed backend (`{success, message, tourId, tourTitle}`).
public struct RemoteVoucherAnswer: Sendable, Equatable {
    /// Whether the voucher grants access now.
    public var valid: Bool
    public var maxUses: Int?
    public var usesSoFar: Int?
    /// ISO 8601 text, as sent.
    public var expiresAt: String?
    /// The backend's own words, when it sent any.
    public var message: String?

    public init(valid: Bool, maxUses: Int? = nil, usesSoFar: Int? = nil, expiresAt: String? = nil, message: String? = nil) {
        self.valid = valid
        self.maxUses = maxUses
        self.usesSoFar = usesSoFar
        self.expiresAt = expiresAt
        self.message = message
    }

    /// Reads a 2xx answer.
    public init(_ value: JSONValue) throws(RemoteFormatError) {
        let fields = try RemoteFields(value, document: "voucher answer")
        if let valid = try fields.optionalBool("valid") {
            self.valid = valid
        } else if let success = try fields.optionalBool("success") {
            self.valid = success
        } else {
            throw RemoteFormatError(document: fields.document, path: JSONPath([.key("valid")]), "missing, expected true or false (or \"success\")")
        }
        maxUses = try fields.optionalInteger("maxUses", in: 0...ValueRanges.maxCount, expected: "a whole number from 0 to 10^9")
        usesSoFar = try fields.optionalInteger("usesSoFar", in: 0...ValueRanges.maxCount, expected: "a whole number from 0 to 10^9")
        expiresAt = try fields.optionalString("expiresAt")
        message = try fields.optionalString("message")
    }

    /// Why the voucher does not grant access, in words (when `valid` is false), judged at `now` (seconds
    /// since 1970).
    public func refusal(code: String, now: Double) -> String {
        if let expiresAt, let expiry = ISO8601Time.parse(expiresAt), expiry <= now {
            return "voucher \(code) expired on \(expiresAt)"
        }
        if let maxUses, let usesSoFar, usesSoFar >= maxUses {
            return "voucher \(code) is used up (\(usesSoFar) of \(maxUses) uses)"
        }
        if let message { return "voucher \(code) was refused: \(message)" }
        return "voucher \(code) is not valid"
    }
}
