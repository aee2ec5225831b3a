extension RandomAccessCollection where Element: Comparable, Index == Int {
  /// The first index whose element is `value` or above it, in a collection sorted ascending
  /// (`endIndex` when none is): a binary search.
  /// - Complexity: O(log n).
  func firstIndex(notBelow value: Element) -> Int {
    var low = startIndex
    var high = endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
