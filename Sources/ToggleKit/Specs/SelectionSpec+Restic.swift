extension SelectionSpec {
  /// The spec as what `restic backup` reads: the folders and files to back up, and the patterns
  /// that exclude the rest below them — exactly the selected files, today's and those that appear
  /// later.
  ///
  /// restic (0.14 and later) matches its exclude patterns against absolute paths and has no way to
  /// take a path back from an excluded folder, not even one given as a target. So the targets are
  /// the topmost includes; an excluded folder with nothing selected inside is excluded whole, and
  /// one with includes below it excludes every name but the ones on the way to them
  /// (`/d/a/b/[^c]*` and `/d/a/b/c?*` keep `c` alone), which holds for names that appear later too.
  ///
  /// ```swift
  /// let spec = try SelectionSpec(text: "+ ada\n- ada/.cache\n")
  /// let restic = try spec.restic(in: Array("/home".utf8))
  /// // restic.files:    /home/ada␀
  /// // restic.excludes: /home/ada/.cache
  /// // $ restic backup --files-from-raw files --exclude-file excludes
  /// ```
  ///
  /// restic trims a pattern line and expands `$NAME` in it: a name's `*`, `?`, `[` and `\` are
  /// escaped with a backslash, a `$` is written `[$]`, and a white space that ends a line `[ ]`.
  /// - Parameters:
  ///   - folder: The absolute path of the folder the paths start in: the one that holds the spec's
  ///     first labels, or with a `base`, the base itself.
  ///   - base: The path the backup starts from; decisions outside it are left out and it takes the
  ///     decision nearest to it.
  /// - Returns: The targets for `--files-from-raw` (each path's bytes ended by a NUL) and the
  ///   patterns for `--exclude-file` (one a line); both name files byte for byte.
  /// - Throws: ``SelectionSpecError/unwritableName(_:format:)`` for a name with a control
  ///   character, ``SelectionSpecError/notUTF8(_:format:)`` for a name that is not UTF-8 on the way
  ///   to an include below an excluded folder (restic's character classes read UTF-8), and
  ///   ``SelectionSpecError/relativeFolder(_:)`` when `folder` does not start with `/`.
  /// - Complexity: O(total length of the decisions' paths × depth).
  public func restic(
    in folder: [UInt8], under base: [String] = []
  ) throws(SelectionSpecError) -> ResticSelection {
    let format = "a restic exclude pattern"
    let trie = try _SpecTrie(self, under: base, format: format)
    let root = try _SpecTrie.absoluteFolder(folder, format: format)
    var selection = ResticSelection(files: [], excludes: [])
    func pattern(_ components: [[UInt8]], then: [UInt8] = []) {
      selection.excludes += Self.resticLiteral(root, endsLine: false)
      for (offset, component) in components.enumerated() {
        selection.excludes.append(UInt8(ascii: "/"))
        let last = offset == components.count - 1 && then.isEmpty
        selection.excludes += Self.resticLiteral(component, endsLine: last)
      }
      selection.excludes += then
      selection.excludes.append(0x0A)
    }
    if trie.nodes[0].value { selection.files += (root.isEmpty ? [UInt8(ascii: "/")] : root) + [0] }
    // Whether a node lies below a target (restic walks it).
    let walked = trie.belowTopmostIncludes()
    for index in trie.nodes.indices.dropFirst() {
      let node = trie.nodes[index]
      if !walked[node.parent] {
        guard node.decision == true else { continue }
        // A topmost include: a target.
        let components = try trie.lineComponents(of: index, base: base, format: format)
        selection.files += root
        for component in components { selection.files += [UInt8(ascii: "/")] + component }
        selection.files.append(0)
        continue
      }
      guard !node.value else { continue }
      let components = try trie.lineComponents(of: index, base: base, format: format)
      guard node.includesBelow else {
        // Excluded, nothing selected inside: the folder goes whole.
        pattern(components)
        continue
      }
      // Excluded with includes below: every name but those on the way to them.
      var names: [[Unicode.Scalar]] = []
      for child in node.children {
        let bytes = LabelBytes.bytes(of: trie.nodes[child].label)
        guard let name = String(validating: bytes, as: UTF8.self) else {
          throw .notUTF8(base + trie.path(of: child), format: format)
        }
        names.append(Array(name.unicodeScalars))
      }
      for (prefix, next, isName) in Self.complementPrefixes(of: names) {
        var prefixBytes: [UInt8] = []
        for scalar in prefix { prefixBytes += Array(String(scalar).utf8) }
        let inside = components + [prefixBytes]
        if !prefix.isEmpty && !isName {
          // A name that is only the start of one kept.
          pattern(inside)
        }
        if next.isEmpty {
          pattern(inside, then: Array("?*".utf8))
        } else {
          pattern(inside, then: Self.resticClass(excluding: next) + [UInt8(ascii: "*")])
        }
      }
    }
    return selection
  }

  /// The starts of the names in `names`' trie: each prefix, the scalars that continue it toward a
  /// name, and whether it is a name itself.
  ///
  /// Every name but those given is one of: a start that is no name, a start followed by a scalar
  /// that continues toward none, or a whole name followed by more.
  /// - Complexity: O(total length × alphabet of the continuations).
  static func complementPrefixes(
    of names: [[Unicode.Scalar]]
  ) -> [(prefix: [Unicode.Scalar], next: [Unicode.Scalar], isName: Bool)] {
    var result: [(prefix: [Unicode.Scalar], next: [Unicode.Scalar], isName: Bool)] = []
    // Depth-first over the prefixes, each with the names that start with it.
    var pending: [([Unicode.Scalar], [[Unicode.Scalar]])] = [([], names)]
    while let (prefix, group) = pending.popLast() {
      var next: [Unicode.Scalar] = []
      var byNext: [Unicode.Scalar: [[Unicode.Scalar]]] = [:]
      var isName = false
      for name in group {
        guard name.count > prefix.count else {
          isName = true
          continue
        }
        let scalar = name[prefix.count]
        if byNext[scalar] == nil { next.append(scalar) }
        byNext[scalar, default: []].append(name)
      }
      result.append((prefix, next, isName))
      for scalar in next.reversed() { pending.append((prefix + [scalar], byNext[scalar]!)) }
    }
    return result
  }

  /// A name's bytes as a literal in restic's patterns: `*`, `?`, `[` and `\` escaped, `$` as `[$]`
  /// (restic expands `$NAME`), and a white space that ends the line in a class (restic trims it).
  static func resticLiteral(_ bytes: [UInt8], endsLine: Bool) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 4)
    // The last scalar's bytes, when it is white space at the end of the line.
    var trailing = bytes.count
    if endsLine, let text = String(validating: bytes, as: UTF8.self),
      let last = text.unicodeScalars.last, last.properties.isWhitespace
    {
      trailing = bytes.count - String(last).utf8.count
    }
    for byte in bytes[..<trailing] {
      if byte == UInt8(ascii: "$") {
        output += Array("[$]".utf8)
        continue
      }
      if isWild(byte) || byte == UInt8(ascii: "\\") { output.append(UInt8(ascii: "\\")) }
      output.append(byte)
    }
    if trailing < bytes.count {
      output += [UInt8(ascii: "[")] + bytes[trailing...] + [UInt8(ascii: "]")]
    }
    return output
  }

  /// A class in restic's patterns matching one scalar that is none of `scalars`: `[^…]`, each
  /// ASCII punctuation escaped and a `$` last (restic expands `$NAME`; `$]` stays).
  static func resticClass(excluding scalars: [Unicode.Scalar]) -> [UInt8] {
    var output = Array("[^".utf8)
    var dollar = false
    for scalar in scalars {
      if scalar == "$" {
        dollar = true
        continue
      }
      if scalar.isASCII && scalar.properties.isPatternSyntax { output.append(UInt8(ascii: "\\")) }
      output += Array(String(scalar).utf8)
    }
    if dollar { output.append(UInt8(ascii: "$")) }
    output.append(UInt8(ascii: "]"))
    return output
  }
}

/// What `restic backup` reads to back up exactly a selection (``SelectionSpec/restic(in:under:)``).
///
/// ```swift
/// let restic = try spec.restic(in: Array("/home".utf8))
/// try Data(restic.files).write(to: URL(fileURLWithPath: "files"))
/// try Data(restic.excludes).write(to: URL(fileURLWithPath: "excludes"))
/// // $ restic backup --files-from-raw files --exclude-file excludes
/// ```
public struct ResticSelection: Hashable, Sendable {
  /// The folders and files to back up, for `--files-from-raw`: absolute paths, each ended by a NUL.
  public var files: [UInt8]
  /// The patterns that exclude the rest below them, for `--exclude-file`: one a line.
  public var excludes: [UInt8]

  /// Creates the pair.
  public init(files: [UInt8], excludes: [UInt8]) {
    self.files = files
    self.excludes = excludes
  }
}
