import ToggleKit

extension SourceKind {
  /// The datum of a leaf of this kind.
  func datum(_ id: Int, parent: Int?) -> ContractModel.Datum {
    switch self {
    case .off: .init(id: id, parent: parent)
    case .on: .init(id: id, parent: parent, isSelected: true)
    case .lockedOff: .init(id: id, parent: parent, lock: .off)
    case .lockedOn: .init(id: id, parent: parent, lock: .on)
    }
  }
}

/// A random forest of `size` nodes: random parents among earlier nodes (depth about ln n), random
/// leaf kinds, a few disabled nodes (none without `disabling`).
func randomData(
  size: Int, disabling: Bool = true, _ generator: inout SeededGenerator
) -> [ContractModel.Datum] {
  var data: [ContractModel.Datum] = []
  for id in 0..<size {
    let parent =
      id == 0 || Int.random(in: 0..<8, using: &generator) == 0
      ? nil : Int.random(in: 0..<id, using: &generator)
    data.append(.init(id: id, parent: parent))
  }
  let parents = Set(data.compactMap(\.parent))
  for id in 0..<size where !parents.contains(id) {
    data[id] = SourceKind.allCases.randomElement(using: &generator)!.datum(
      id, parent: data[id].parent)
  }
  for id in 0..<size where disabling && Int.random(in: 0..<40, using: &generator) == 0 {
    data[id].isDisabled = true
  }
  return data
}
