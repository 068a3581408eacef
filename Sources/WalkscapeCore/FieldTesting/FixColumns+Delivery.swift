extension FixColumns {
    /// The fixes of `source` the phone would hand to the app under `rules` (`FixDeliveryFilter`, fed as
    /// `Simulation.run` feeds it), compacted in order; `origins` gets each kept fix's index in `source`.
    ///
    /// The radius analysis reads these instead of the trace: delivery depends on times and positions only,
    /// never on the tour, and a withheld fix only moves the engine's clock (`.advance`), which decides
    /// nothing the next delivered fix would not decide the same way. So the engine's answers on the trace
    /// under `rules` are its answers on these fixes with every fix delivered. Reuses the columns' memory.
    public mutating func fill(deliveredFrom source: FixColumns, rules: FixDelivery, origins: inout [Int32], distance: DistanceModel = .sphere, phase: Double = 0) {
        var filter = FixDeliveryFilter(rules, distance: distance, phase: phase)
        resize(source.count)
        origins.removeAll(keepingCapacity: true)
        guard source.count > 0 else { return }
        let start = source.times[0]
        var kept = 0
        for i in 0..<source.count {
            let location = LatLng(lat: source.latitudes[i], lng: source.longitudes[i])
            guard filter.delivers(t: source.times[i] - start, location: location) else { continue }
            times[kept] = source.times[i]
            latitudes[kept] = source.latitudes[i]
            longitudes[kept] = source.longitudes[i]
            accuracies[kept] = source.accuracies[i]
            origins.append(Int32(truncatingIfNeeded: i))
            kept += 1
        }
        count = kept
    }
}
