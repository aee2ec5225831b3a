/// Every ordered forest of `size` nodes as parent arrays (-1 for a root), in preorder: the small
/// worlds the explorer's exhaustive tests enumerate.
func forests(_ size: Int) -> [[Int]] {
  if size == 0 { return [[]] }
  var result: [[Int]] = []
  for first in 1...size {
    for below in forests(first - 1) {
      for rest in forests(size - first) {
        result.append(
          [-1] + below.map { $0 < 0 ? 0 : $0 + 1 } + rest.map { $0 < 0 ? -1 : $0 + first })
      }
    }
  }
  return result
}
