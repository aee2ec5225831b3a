/// A parent's queries and writes over the elements of one collection, done on the whole collection.
///
/// One read per query, one write per click. The results equal those of the per-element
/// bindings (``ModelBinding/each(_:)``) taken one at a time; tests compare the two exhaustively.
///
/// Inlinable, so that a parent over a concrete collection type is specialized where it is made.
@usableFromInline
struct _BulkSources {
  @usableFromInline let summary: () -> ToggleSummary
  @usableFromInline let hasWritableSource: () -> Bool
  @usableFromInline let set: (Bool) -> ToggleOutcome

  @inlinable
  init<Sources: MutableCollection>(
    collection: ModelBinding<Sources>,
    isOn: WritableKeyPath<Sources.Element, Bool>,
    isLocked: KeyPath<Sources.Element, Bool>?
  ) {
    let read = collection.reader
    let update = collection.updater
    let locked: (Sources.Element) -> Bool = { element in
      update == nil || isLocked.map { element[keyPath: $0] } == true
    }
    summary = {
      var summary = ToggleSummary()
      for element in read() {
        switch (element[keyPath: isOn], locked(element)) {
        case (true, false): summary.writableOn += 1
        case (false, false): summary.writableOff += 1
        case (true, true): summary.lockedOn += 1
        case (false, true): summary.lockedOff += 1
        }
      }
      return summary
    }
    hasWritableSource = { update != nil && read().contains { !locked($0) } }
    set = { value in
      var outcome = ToggleOutcome()
      guard let update else {
        outcome.blocked = read().count { $0[keyPath: isOn] != value }
        return outcome
      }
      var written: [Sources.Index] = []
      update { elements in
        for index in elements.indices where elements[index][keyPath: isOn] != value {
          if locked(elements[index]) {
            outcome.blocked += 1
          } else {
            elements[index][keyPath: isOn] = value
            written.append(index)
          }
        }
      }
      // Read back: a write the binding did not take counts as blocked, as it does per element.
      let after = read()
      for index in written {
        if after.indices.contains(index) && after[index][keyPath: isOn] == value {
          outcome.changed += 1
        } else {
          outcome.blocked += 1
        }
      }
      return outcome
    }
  }
}
