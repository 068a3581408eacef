/// One stored analytics event as the dashboard's queries see it: the row the ingest service writes
/// (`backend/src/analytics/analytics.service.ts` at 5c84126 L14-27), with only the properties the admin service
/// reads.
///
/// The ingest turns every empty string into no value (`event.anonymousId || undefined`, L18-23), so an empty
/// `anonymousId`, `tourId`, `language`, `device` or `osVersion` is nil here.
public struct DashboardEvent: Sendable, Equatable {
    public var name: String
    public var anonymousId: String?
    public var tourId: String?
    public var language: String?
    public var device: String?
    public var osVersion: String?
    public var properties: Properties
    /// The event's `timestamp` in milliseconds since 1970 (the client's clock, L25), nil when it had none: the
    /// backend then stamps the row with the time it received it, which the dashboard takes to be its "now".
    public var timestamp: Int64?

    /// The properties the service reads, each nil when absent or null.
    public struct Properties: Sendable, Equatable {
        /// `triggerType` (tour_started, tour_completed): compared with `=== 'gps'` / `'manual'`.
        public var triggerType: String?
        /// `durationMinutes` (tour_completed, tour_abandoned): read as `durationMinutes || 0`.
        public var durationMinutes: Double?
        /// `channel` (contact_clicked): `channel || 'unknown'`.
        public var channel: String?
        /// `provider` (donation_link_clicked, efba3ee): `provider || 'unknown'`.
        public var provider: String?
        /// `source` (donation_link_clicked, efba3ee): `source || 'completion'`.
        public var source: String?
        /// `amount` (donation_link_clicked, efba3ee): `Number(amount)`, kept when finite and above 0.
        public var amount: Double?

        public init(
            triggerType: String? = nil, durationMinutes: Double? = nil, channel: String? = nil, provider: String? = nil, source: String? = nil,
            amount: Double? = nil
        ) {
            self.triggerType = triggerType
            self.durationMinutes = durationMinutes
            self.channel = channel
            self.provider = provider
            self.source = source
            self.amount = amount
        }
    }

    public init(
        name: String, anonymousId: String? = nil, tourId: String? = nil, language: String? = nil, device: String? = nil, osVersion: String? = nil,
        properties: Properties = Properties(), timestamp: Int64? = nil
    ) {
        func stored(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }
        self.name = name
        self.anonymousId = stored(anonymousId)
        self.tourId = stored(tourId)
        self.language = stored(language)
        self.device = stored(device)
        self.osVersion = stored(osVersion)
        self.properties = properties
        self.timestamp = timestamp
    }
}
