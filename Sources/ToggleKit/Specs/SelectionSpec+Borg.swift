extension SelectionSpec {
  /// The spec as a borg patterns file: with `borg create --patterns-from` it archives exactly the
  /// selected files, today's and those that appear later.
  ///
  /// The roots (`R`) are the topmost includes; below them borg takes the first pattern that
  /// matches, so each decision comes before those above it. An excluded folder with nothing
  /// selected inside is left unread (`!`); one with includes below it is excluded but read (`-`),
  /// and the includes take their paths back (`+`). Every pattern is a path prefix (`pp:`), which
  /// borg reads literally; a path that ends in white space (which borg trims) ends in `/`.
  ///
  /// ```swift
  /// let spec = try SelectionSpec(text: "+ ada\n- ada/.cache\n+ ada/.cache/keep\n")
  /// let patterns = try spec.borgPatterns(in: Array("/home".utf8))
  /// // R /home/ada
  /// // + pp:/home/ada/.cache/keep
  /// // - pp:/home/ada/.cache
  /// // $ borg create --patterns-from patterns REPO::NAME
  /// ```
  /// - Parameters:
  ///   - folder: The absolute path of the folder the paths start in: the one that holds the spec's
  ///     first labels, or with a `base`, the base itself.
  ///   - base: The path the archive starts from; decisions outside it are left out and it takes
  ///     the decision nearest to it.
  /// - Returns: The patterns' bytes, one a line.
  /// - Throws: ``SelectionSpecError/unwritableName(_:format:)`` for a name with a control
  ///   character, ``SelectionSpecError/notUTF8(_:format:)`` for one that is not UTF-8 (borg reads
  ///   its patterns file as UTF-8), and ``SelectionSpecError/relativeFolder(_:)`` when `folder`
  ///   does not start with `/`.
  /// - Complexity: O(total length of the decisions' paths × depth).
  public func borgPatterns(
    in folder: [UInt8], under base: [String] = []
  ) throws(SelectionSpecError) -> [UInt8] {
    let format = "a borg pattern"
    let trie = try _SpecTrie(self, under: base, format: format)
    let root = try _SpecTrie.absoluteFolder(folder, format: format)
    guard String(validating: root, as: UTF8.self) != nil else {
      throw .notUTF8([LabelBytes.label(decoding: root)], format: format)
    }
    var roots: [UInt8] = []
    var patterns: [[UInt8]] = []
    /// The absolute path of a node, ended by `/` when it ends in white space.
    func absolute(_ index: Int) throws(SelectionSpecError) -> [UInt8] {
      var path = root
      for (offset, component) in try trie.lineComponents(of: index, base: base, format: format)
        .enumerated()
      {
        guard String(validating: component, as: UTF8.self) != nil else {
          throw .notUTF8(base + trie.path(of: index).prefix(offset + 1), format: format)
        }
        path += [UInt8(ascii: "/")] + component
      }
      return Self.borgSafeEnd(path)
    }
    if trie.nodes[0].value {
      roots +=
        Array("R ".utf8) + Self.borgSafeEnd(root.isEmpty ? [UInt8(ascii: "/")] : root) + [0x0A]
    }
    let walked = trie.belowTopmostIncludes()
    for index in trie.nodes.indices.dropFirst() {
      let node = trie.nodes[index]
      guard let include = node.decision else { continue }
      if !walked[node.parent] {
        // A topmost include: a root.
        roots += Array("R ".utf8) + (try absolute(index)) + [0x0A]
      } else if include {
        patterns.append(Array("+ pp:".utf8) + (try absolute(index)) + [0x0A])
      } else {
        // Unread when nothing inside is selected; read for the includes below it otherwise.
        let command = node.includesBelow ? "- pp:" : "! pp:"
        patterns.append(Array(command.utf8) + (try absolute(index)) + [0x0A])
      }
    }
    // Each decision before those above it: borg takes the first that matches.
    return roots + patterns.reversed().joined()
  }

  /// A path that ends in white space (which borg trims from a line) ended by `/`, which borg's
  /// path prefixes and roots read as the same path.
  static func borgSafeEnd(_ path: [UInt8]) -> [UInt8] {
    guard let text = String(validating: path, as: UTF8.self), let last = text.unicodeScalars.last,
      last.properties.isWhitespace
    else { return path }
    return path + [UInt8(ascii: "/")]
  }
}
