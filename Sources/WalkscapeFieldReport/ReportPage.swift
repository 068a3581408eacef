/// The report's page: the template (`ReportPageTemplate`) with the data's JSON
/// in place of its one `/*REPORT_DATA*/` placeholder.
public enum ReportPage {
    /// The placeholder the data replaces, inside the template's `<script type="application/json">` element.
    public static let placeholder = "/*REPORT_DATA*/"

    /// The template's bytes: `ReportPageTemplate.html` in UTF-8, made once.
    public static let template: [UInt8] = Array(ReportPageTemplate.html.utf8)

    /// The page for `data`: the template with the escaped JSON (`ReportJSON`) in place of the placeholder.
    public static func html(_ data: ReportData) throws -> [UInt8] {
        try fill(template: template, json: ReportJSON.encode(data))
    }

    /// `template` with `json` in place of its placeholder; refuses a template without exactly one.
    public static func fill(template: [UInt8], json: [UInt8]) throws(FieldReportError) -> [UInt8] {
        let marker = Array(placeholder.utf8)
        let found = occurrences(of: marker, in: template)
        guard found.count == 1, let at = found.first else {
            throw FieldReportError("the page template has \(found.count) \(placeholder) placeholders; it needs exactly one")
        }
        return Array(template[..<at]) + json + Array(template[(at + marker.count)...])
    }

    /// Where `needle` starts in `bytes`, every occurrence.
    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        var found: [Int] = []
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle {
                found.append(i)
                i += needle.count
            } else {
                i += 1
            }
        }
        return found
    }

    /// The data's JSON inside a page `html` made by `html(_:)`: the text of its report-data script element,
    /// still escaped (it parses as the same JSON).
    public static func dataJSON(in html: [UInt8]) -> [UInt8]? {
        let open = Array("<script type=\"application/json\" id=\"report-data\">".utf8)
        let close = Array("</script>".utf8)
        guard let start = occurrences(of: open, in: html).first.map({ $0 + open.count }) else { return nil }
        guard let end = occurrences(of: close, in: Array(html[start...])).first else { return nil }
        return Array(html[start..<(start + end)])
    }
}
