import Testing

@testable import TestSupport
@testable import ToggleKit

@Suite("Node-state sets: each named set holds exactly the states its name says")
struct StateSetTests {
  /// The sets as masks over the 16 low states (visible, hidden), written out by hand.
  static let expected: [(String, StateSet, UInt16, UInt16)] = [
    ("all", .all, 0xFFFF, 0xFFFF), ("none", .none, 0, 0),
    ("selected", .selected, 0xAAAA, 0xAAAA), ("unselected", .unselected, 0x5555, 0x5555),
    ("enabled", .enabled, 0x0F0F, 0x0F0F), ("leaves", .leaves, 0xFF00, 0xFF00),
    ("visible", .visible, 0xFFFF, 0), ("hidden", .hidden, 0, 0xFFFF),
    ("selectedLeaves", .selectedLeaves, 0xAA00, 0xAA00),
    ("unselectedLeaves", .unselectedLeaves, 0x5500, 0x5500),
    ("lockedLeaves", .lockedLeaves, 0xCC00, 0xCC00),
    ("unlockedLeaves", .unlockedLeaves, 0x3300, 0x3300),
    ("hiddenSelectedLeaves", .hiddenSelectedLeaves, 0, 0xAA00),
    (
      "writable into disabled and hidden", .writable(intoDisabled: true, intoHidden: true), 0x3333,
      0x3333
    ),
    ("writable into disabled", .writable(intoDisabled: true, intoHidden: false), 0x3333, 0),
    ("writable", .writable(intoDisabled: false, intoHidden: false), 0x0303, 0),
    ("writable into hidden", .writable(intoDisabled: false, intoHidden: true), 0x0303, 0x0303),
  ]

  @Test("every catalogued set is the mask of its predicate", arguments: 0..<expected.count)
  func catalogue(index: Int) {
    let (name, set, visible, hidden) = Self.expected[index]
    #expect(set.visible == visible, "\(name), visible")
    #expect(set.hidden == hidden, "\(name), hidden")
  }

  @Test("each primitive set is exactly the states whose bit is set, by its predicate")
  func predicates() {
    for bit in [
      NodeBits.selected, NodeBits.locked, NodeBits.disabled, NodeBits.leaf, NodeBits.hidden,
    ] {
      #expect(StateSet.having(bit) == StateSet(where: { $0 & bit != 0 }), "bit \(bit)")
      for state in UInt8(0)..<32 {
        #expect(StateSet.having(bit).contains(state) == (state & bit != 0))
        #expect((~StateSet.having(bit)).contains(state) == (state & bit == 0))
      }
    }
  }
}

extension StateSet {
  /// The states for which `predicate` holds, given a state's five bits: the oracle.
  init(where predicate: (UInt8) -> Bool) {
    var visible: UInt16 = 0
    var hidden: UInt16 = 0
    for state in UInt8(0)..<32 where predicate(state) {
      let bit = UInt16(1) << UInt16(state & 0xF)
      if state & NodeBits.hidden == 0 { visible |= bit } else { hidden |= bit }
    }
    self.init(visible: visible, hidden: hidden)
  }
}
