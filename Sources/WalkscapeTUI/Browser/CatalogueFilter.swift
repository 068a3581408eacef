/// Which tours the catalogue lists: all of them, only protected ones (a voucher on the phone), or only free ones.
public enum CatalogueFilter: String, Sendable, CaseIterable {
    case all, protected, free

    /// Whether `tour` passes the filter.
    public func admits(_ tour: TourListing) -> Bool {
        switch self {
        case .all: return true
        case .protected: return tour.isProtected
        case .free: return !tour.isProtected
        }
    }

    /// The next filter in the cycle all → protected → free → all.
    public var next: CatalogueFilter {
        let all = CatalogueFilter.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
