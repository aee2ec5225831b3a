import ToggleKit

/// One source of a parent toggle in the exhaustive worlds: its value and whether it is locked.
enum SourceKind: CaseIterable, Hashable, CustomStringConvertible {
  case off, on, lockedOff, lockedOn

  var isOn: Bool { self == .on || self == .lockedOn }
  var isLocked: Bool { self == .lockedOff || self == .lockedOn }

  var description: String {
    switch self {
    case .off: "off"
    case .on: "on"
    case .lockedOff: "locked-off"
    case .lockedOn: "locked-on"
    }
  }
}

/// Every configuration of `0...maxCount` sources, each one of the four kinds.
func everyConfiguration(upTo maxCount: Int) -> [[SourceKind]] {
  var all: [[SourceKind]] = [[]]
  var layer: [[SourceKind]] = [[]]
  for _ in 0..<maxCount {
    layer = layer.flatMap { prefix in SourceKind.allCases.map { prefix + [$0] } }
    all += layer
  }
  return all
}

/// The oracle: what the semantics contract says, computed directly from the kinds, without any of
/// the library's types but the enums that name the answers.
enum ParentOracle {
  static func state(_ kinds: [SourceKind], _ policy: LockedSources) -> ToggleState {
    let writable = kinds.filter { !$0.isLocked }
    let counted = policy == .excluded && !writable.isEmpty ? writable : kinds
    if counted.isEmpty { return .off }
    if counted.allSatisfy(\.isOn) { return .on }
    if counted.allSatisfy({ !$0.isOn }) { return .off }
    return .mixed
  }

  /// The value a toggle writes from `kinds`.
  static func toggleTarget(
    _ kinds: [SourceKind], _ policy: LockedSources, _ mixed: MixedToggleTarget
  ) -> Bool {
    switch state(kinds, policy) {
    case .on: false
    case .off: true
    case .mixed: mixed == .on
    }
  }

  /// The kinds after writing `value`, the indices written, and the outcome counts.
  static func write(_ value: Bool, to kinds: [SourceKind]) -> (
    kinds: [SourceKind], written: Set<Int>, changed: Int, blocked: Int
  ) {
    var result = kinds
    var written: Set<Int> = []
    var blocked = 0
    for (index, kind) in kinds.enumerated() where kind.isOn != value {
      if kind.isLocked {
        blocked += 1
      } else {
        result[index] = value ? .on : .off
        written.insert(index)
      }
    }
    return (result, written, written.count, blocked)
  }
}

/// A world of spy-backed sources for one configuration, with a parent over them.
struct SourceWorld {
  let spies: [Spy<Bool>]
  let bindings: [ModelBinding<Bool>]

  init(_ kinds: [SourceKind]) {
    spies = kinds.map { Spy($0.isOn) }
    bindings = zip(kinds, spies).map { kind, spy in
      kind.isLocked ? spy.binding.locked() : spy.binding
    }
  }

  /// The kinds as they are now, reading the spies' values.
  func kinds(locks: [SourceKind]) -> [SourceKind] {
    zip(locks, spies).map { kind, spy in
      switch (kind.isLocked, spy.value) {
      case (true, true): .lockedOn
      case (true, false): .lockedOff
      case (false, true): .on
      case (false, false): .off
      }
    }
  }

  /// Indices of sources written at least once so far.
  var written: Set<Int> { Set(spies.indices.filter { spies[$0].writes > 0 }) }
  var writeCounts: [Int] { spies.map(\.writes) }
}
