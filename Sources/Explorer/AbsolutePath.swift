#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A path made absolute the way restic and borg make their own (Go's `filepath.Abs`, Python's
/// `os.path.abspath`): joined to the working directory, then cleaned of `.`, `..` and repeated
/// `/` by its text alone, without following links.
///
/// ```swift
/// AbsolutePath.of(Array("../data/./photos/".utf8), in: Array("/home/ada/src".utf8))
/// // "/home/ada/data/photos"
/// ```
package enum AbsolutePath {
  /// The absolute, cleaned form of `path`'s bytes, from `directory` (the working directory when
  /// nil).
  /// - Complexity: O(path length + directory length).
  package static func of(_ path: [UInt8], in directory: [UInt8]? = nil) -> [UInt8] {
    let slash = UInt8(ascii: "/")
    let joined = path.first == slash ? path : (directory ?? workingDirectory()) + [slash] + path
    var components: [ArraySlice<UInt8>] = []
    for component in joined.split(separator: slash) {
      if component.elementsEqual(".".utf8) { continue }
      if component.elementsEqual("..".utf8) {
        _ = components.popLast()
        continue
      }
      components.append(component)
    }
    var result: [UInt8] = []
    for component in components { result += [slash] + component }
    return result.isEmpty ? [slash] : result
  }

  /// The working directory's bytes (`/` when it cannot be read).
  /// - Complexity: O(path length).
  package static func workingDirectory() -> [UInt8] {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return [UInt8(ascii: "/")] }
    return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
  }
}
