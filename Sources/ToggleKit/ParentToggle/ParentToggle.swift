/// A toggle that aggregates Bool sources into ``ToggleState/on``, ``ToggleState/off`` or
/// ``ToggleState/mixed`` and writes through when it is toggled — SwiftUI's `Toggle(sources:isOn:)`
/// as a model, without its stuck-parent failure.
///
/// ```swift
/// @ModelState var a = true
/// @ModelState var c = false
/// let parent = ParentToggle([$a, .constant(true), $c])
/// parent.state      // .mixed: a is on, c is off (the constant does not count)
/// parent.toggle()   // changed 1 (c), blocked 0
/// parent.toggle()   // .on → off: changed 2 (a, c), blocked 1 (the constant)
/// parent.state      // .off: SwiftUI would be stuck at mixed here
/// ```
///
/// **State.** Over the sources that count (see ``LockedSources``): all on → `.on`; all off →
/// `.off`; otherwise `.mixed`. A source is *locked* when its binding is not writable (constant,
/// read-only, or ``ModelBinding/locked()``). A parent with no writable source is itself locked; it
/// shows the aggregate of its locked sources, and toggling it changes nothing and reports the
/// blocked sources. A parent with no sources at all is `.off` and locked — SwiftUI reads an empty
/// source list as on, which makes "select all" over an empty filter look done; ToggleKit does not.
///
/// **Clicks.** ``toggle()`` writes false when the state is `.on`, true when it is `.off`, and the
/// ``MixedToggleTarget`` when `.mixed`. Only writable sources that differ from the value are
/// written; locked sources are never written, not even with their own value.
///
/// Liveness, the configurations in which `.counted` gets stuck, and nesting parents: see
/// <doc:ParentToggles>.
/// - Complexity: Every query and write is O(n) in the number of sources, reading each once (and
///   re-reading each written source once).
public struct ParentToggle {
  /// The current sources; re-read on every query, so a collection that grows is seen.
  @usableFromInline let sources: () -> [ModelBinding<Bool>]
  /// Whether every source list this parent can see is fixed and constant.
  @usableFromInline let hasConstantSources: Bool
  /// For a collection's elements: whole-collection queries and writes, equal to going through ``sources``.
  @usableFromInline let bulk: _BulkSources?

  /// How locked sources are treated.
  public let lockedSources: LockedSources

  /// What a click on a mixed parent writes.
  public let mixedTogglesTo: MixedToggleTarget

  /// A parent over an array of Bool bindings: `ParentToggle([$a, .constant(b), $c])`.
  public init(
    _ sources: [ModelBinding<Bool>],
    lockedSources: LockedSources = .excluded,
    mixedTogglesTo: MixedToggleTarget = .on
  ) {
    self.sources = { sources }
    self.hasConstantSources = sources.allSatisfy(\.isConstant)
    self.bulk = nil
    self.lockedSources = lockedSources
    self.mixedTogglesTo = mixedTogglesTo
  }

  /// A parent over bindings to values with a Bool property: `sources: [$item1, $item2], isOn: \.isOn`,
  /// or over plain Bools with `isOn: \.self`.
  /// - Complexity: O(n) in the number of sources.
  public init<Element>(
    sources: [ModelBinding<Element>],
    isOn: WritableKeyPath<Element, Bool>,
    lockedSources: LockedSources = .excluded,
    mixedTogglesTo: MixedToggleTarget = .on
  ) {
    self.init(
      sources.map { $0[dynamicMember: isOn] },
      lockedSources: lockedSources,
      mixedTogglesTo: mixedTogglesTo)
  }

  /// A parent over the elements of a collection: `sources: $items, isOn: \.isOn`.
  ///
  /// ```swift
  /// struct Item { var isOn: Bool; var isRequired = false }
  /// @ModelState var items = [Item(isOn: true), Item(isOn: false, isRequired: true)]
  /// let parent = ParentToggle(sources: $items, isOn: \.isOn, isLocked: \.isRequired)
  /// ```
  ///
  /// The elements are re-read on every query, so the parent follows insertions and removals.
  /// Queries read the collection once; a click writes it once (one change for its observers) and
  /// reads it back once to count what changed.
  /// - Complexity: O(1); each query then costs O(n) in the number of elements.
  @inlinable
  public init<Sources: MutableCollection>(
    sources: ModelBinding<Sources>,
    isOn: WritableKeyPath<Sources.Element, Bool>,
    isLocked: KeyPath<Sources.Element, Bool>? = nil,
    lockedSources: LockedSources = .excluded,
    mixedTogglesTo: MixedToggleTarget = .on
  ) {
    self.sources = {
      let collection = sources.wrappedValue
      let bindings = sources.each(isOn)
      guard let isLocked else { return bindings }
      return zip(collection, bindings).map { element, binding in
        element[keyPath: isLocked] ? binding.locked() : binding
      }
    }
    self.hasConstantSources = sources.isConstant
    self.bulk = _BulkSources(collection: sources, isOn: isOn, isLocked: isLocked)
    self.lockedSources = lockedSources
    self.mixedTogglesTo = mixedTogglesTo
  }

  /// The counts behind the state: writable and locked sources that are on, off or mixed.
  /// - Complexity: O(n): reads each source once.
  public var summary: ToggleSummary {
    if let bulk { return bulk.summary() }
    var summary = ToggleSummary()
    for source in sources() {
      switch (_reading(of: source), source.isWritable) {
      case (.on, true): summary.writableOn += 1
      case (.off, true): summary.writableOff += 1
      case (.mixed, true): summary.writableMixed += 1
      case (.on, false): summary.lockedOn += 1
      case (.off, false): summary.lockedOff += 1
      case (.mixed, false): summary.lockedMixed += 1
      }
    }
    return summary
  }

  /// The state the parent shows: on, off or mixed over the sources that count.
  /// - Complexity: O(n): reads each source once.
  public var state: ToggleState {
    summary.state(lockedSources: lockedSources)
  }

  /// Whether the parent cannot change anything: it has no writable source.
  /// - Complexity: O(n) in the number of sources.
  public var isLocked: Bool {
    if let bulk { return !bulk.hasWritableSource() }
    return !sources().contains { $0.isWritable }
  }
}

/// How a source reads: on, off, or mixed for a nested parent.
func _reading(of source: ModelBinding<Bool>) -> ToggleState {
  if source.mixedReader?() == true { return .mixed }
  return source.wrappedValue ? .on : .off
}
