// The fuzz targets: each takes arbitrary bytes and checks the properties its parser promises, trapping
// when one fails. `togglekit-fuzz` runs them under libFuzzer; the tests replay their corpora.

import LinkedExplorer
import ToggleKit
import ToggleKitRules

/// A parser of untrusted input, and the properties that hold for every input it is given.
///
/// Every target must return normally for every input: a crash, a hang or a failed check is a finding.
///
/// ```swift
/// FuzzTarget.indented.run(Array("[x] Fruit\n  [ ] Apple\n".utf8))   // returns: the checks held
/// ```
///
/// - Complexity: O(n log n) in the input's length for every target.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// Indented text: an error names a place inside the input; a tree exports and parses back to
  /// itself, with its invariants intact.
  case indented
  /// JSON trees, with the same checks as ``indented``.
  case json
  /// Path lists, with the same checks as ``indented``.
  case paths
  /// Rules text: an error names a place inside the input; a model prints back to text that parses
  /// to the same model, and applies to a small tree without trapping.
  case rules
  /// `togglekit` command lines (NUL-separated arguments): a result or a usage error with a message.
  case arguments
  /// The explorer's key decoder: the keys do not depend on how the bytes were split into reads,
  /// and no key carries a control character.
  case keys
  /// The one path syntax: any text read as a PATH gives labels that write back to a PATH reading
  /// the same labels, with no raw control character; every label escapes and reads back.
  case labelPath
  /// Format detection: any bytes give a format; a tree parsed from them exports to text detected
  /// as its own format (a flat path list as indented text) that reads back to the same tree.
  case detection
  /// Names each ended by NUL (`--read0`): read in any pieces as whole; every name comes back out
  /// as its own bytes, and the tree exports and parses back to itself.
  case names
  /// Selection spec text: an error names a place inside the input; a spec writes back to
  /// control-free text that reads to itself; its minimized form selects what it selects; its
  /// exports refuse a name they cannot hold or write lines that hold no control character.
  case spec
  /// A filter file (the first byte picks rsync's language or git's): an rsync error names a place
  /// inside the file and holds no control character; a tree of the paths the file spells, set to
  /// the spec that follows its rules, selects exactly the leaves the rules select.
  case filters

  /// Runs the target on one input, trapping when a property fails.
  ///
  /// ```swift
  /// for target in FuzzTarget.allCases { target.run([0x1B, 0x5B]) }
  /// ```
  ///
  /// - Parameter bytes: The input.
  /// - Complexity: O(n log n) in the input's length.
  public func run(_ bytes: [UInt8]) {
    switch self {
    case .indented: Self.checkTree(bytes, format: .indented)
    case .json: Self.checkTree(bytes, format: .json)
    case .paths: Self.checkTree(bytes, format: .paths)
    case .rules: Self.checkRules(bytes)
    case .arguments: Self.checkArguments(bytes)
    case .keys: Self.checkKeys(bytes)
    case .labelPath: Self.checkLabelPath(bytes)
    case .detection: Self.checkDetection(bytes)
    case .names: Self.checkNames(bytes)
    case .spec: Self.checkSpec(bytes)
    case .filters: Self.checkFilters(bytes)
    }
  }

  /// Checks that an error's place lies within the input and that it says something.
  static func checkError(_ error: TreeFormatError, in bytes: [UInt8]) {
    checkPlace(error.file, error.line, error.column, error.message, in: bytes)
  }

  static func checkPlace(
    _ file: String?, _ line: Int, _ column: Int, _ message: String, in bytes: [UInt8]
  ) {
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    check(file == "fuzz", "the error names the file")
    check(line >= 1 && line <= lines, "line \(line) of \(lines)")
    check(column >= 1 && column <= bytes.count + 1, "column \(column)")
    check(!message.isEmpty, "the error says what is wrong")
  }

  static func checkTree(_ bytes: [UInt8], format: TreeFormat) {
    let tree: SelectionTree<String>
    do {
      tree = try SelectionTree(parsing: bytes, format: format, file: "fuzz")
    } catch {
      checkError(error, in: bytes)
      checkPieces(bytes, format: format, whole: .failure(error))
      return
    }
    checkPieces(bytes, format: format, whole: .success(tree))
    tree.checkInvariants()
    let text = tree.exported(as: format)
    let again: SelectionTree<String>
    do {
      again = try SelectionTree(parsing: text, format: format, file: "export")
    } catch {
      fatalError("the export of a parsed tree does not parse: \(error)\n\(text)")
    }
    again.checkInvariants()
    check(again.ids == tree.ids, "parsing the export gives the same nodes")
    check(again.exported(as: format) == text, "the export is stable")
    if let root = tree.ids.first {
      var toggled = tree
      _ = try? toggled.toggle(root)
      toggled.checkInvariants()
    }
  }

  /// Checks that reading in pieces gives the whole input's tree or error.
  ///
  /// A `TreeParser` is fed the input split where the first byte says, and one byte at a time. JSON
  /// reports a NUL byte ahead of a syntax error before it, so there only its failing is compared.
  static func checkPieces(
    _ bytes: [UInt8], format: TreeFormat, whole: Result<SelectionTree<String>, TreeFormatError>
  ) {
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    let splits: [[ArraySlice<UInt8>]] = [
      [bytes[..<split], bytes[split...]], bytes.indices.map { bytes[$0..<($0 + 1)] },
    ]
    for pieces in splits {
      var parser = TreeParser(format: format, file: "fuzz")
      let read = Result { () throws(TreeFormatError) in
        for piece in pieces { try parser.append(piece) }
        return try parser.finish()
      }
      switch (read, whole) {
      case (.success(let tree), .success(let expected)):
        check(tree == expected, "a tree does not depend on how its input was split")
      case (.failure(let error), .failure(let expected)):
        check(
          error == expected || (format == .json && bytes.contains(0)),
          "an error does not depend on how the input was split: \(error) vs \(expected)")
      default:
        check(false, "reading in pieces succeeds exactly when reading whole does")
      }
    }
  }

  static func checkRules(_ bytes: [UInt8]) {
    let model: RuleModel
    do {
      model = try RuleModel(parsing: bytes, vocabulary: .selectionTree, file: "fuzz")
    } catch {
      guard case .syntax(let file, let line, let column, let message) = error else {
        fatalError("rules text fails only with a syntax error: \(error)")
      }
      checkPlace(file, line, column, message, in: bytes)
      return
    }
    let text = model.description
    do {
      let again = try RuleModel(parsing: text, vocabulary: .selectionTree)
      check(again.description == text, "rules print back to the same text")
    } catch {
      fatalError("the printed rules do not parse: \(error)\n\(text)")
    }
    var tree = sampleTree
    do {
      try tree.applyRules(model)
      tree.checkInvariants()
      for id in tree.ids {
        _ = tree.displayLabel(of: id)
        _ = tree.styleName(of: id)
      }
    } catch {
      check(!"\(error)".isEmpty, "a rules error says what is wrong")
    }
  }

  static func checkArguments(_ bytes: [UInt8]) {
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    do {
      let invocation = try Invocation.parse(arguments)
      check((try? Invocation.parse(arguments)) == invocation, "parsing is deterministic")
    } catch {
      check(!error.message.isEmpty, "a usage error says what is wrong")
    }
  }

  static func checkKeys(_ bytes: [UInt8]) {
    var whole = KeyDecoder()
    let expected = whole.feed(bytes) + whole.flush()
    // Split where the first byte says (the terminal may deliver any prefix in one read).
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    var parts = KeyDecoder()
    let keys =
      parts.feed(Array(bytes[..<split])) + parts.feed(Array(bytes[split...])) + parts.flush()
    check(keys == expected, "keys do not depend on how the input was split")
    var byByte = KeyDecoder()
    let single = bytes.flatMap { byByte.feed([$0]) } + byByte.flush()
    check(single == expected, "keys do not depend on reads of one byte")
    for case .character(let character) in expected {
      check(
        character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F },
        "no control character reaches the screen")
    }
  }

  static func checkLabelPath(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
    // As a label: it escapes to control-free text that reads back to itself.
    let escaped = LabelPath.escaped(text)
    check(!escaped.unicodeScalars.contains(where: isControl), "an escaped label has no control")
    check((try? LabelPath.labels(of: escaped)) == [text], "a label reads back")
    check(!LabelPath.displayable(text).unicodeScalars.contains(where: isControl), "displayable")
    // As a PATH: its labels join to a PATH that reads the same labels.
    guard let labels = try? LabelPath.labels(of: text) else { return }
    check(!labels.isEmpty, "a PATH has a label")
    let joined = LabelPath.joined(labels)
    check((try? LabelPath.labels(of: joined)) == labels, "a written PATH reads back")
    check(!joined.unicodeScalars.contains(where: isControl), "a written PATH has no control")
  }

  static func checkSpec(_ bytes: [UInt8]) {
    let spec: SelectionSpec
    do {
      spec = try SelectionSpec(text: LabelBytes.label(decoding: bytes), file: "fuzz")
    } catch {
      checkError(error, in: bytes)
      return
    }
    let text = spec.text
    // The decisions' paths are escaped; kept rules are the file's lines as they were.
    check(
      !SelectionSpec(spec.decisions).text.unicodeScalars.contains {
        $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F
      }, "a spec's decisions hold no control character but their line ends")
    check((try? SelectionSpec(text: text)) == spec, "a spec's text reads back to itself")
    // Below a folder, written relative to it, it reads back below any folder (labels a file can
    // have: `.` and `..` are read as a shell reads them).
    if spec.decisions.allSatisfy({ $0.path.allSatisfy { $0 != "." && $0 != ".." } }),
      spec.rules.map({ $0.folder.allSatisfy { $0 != "." && $0 != ".." } }) ?? true
    {
      let placed = SelectionSpec(
        spec.decisions.map { .init(["base"] + $0.path, isIncluded: $0.isIncluded) },
        rules: spec.rules.map { $0.under(["base"] + $0.folder) })
      let relative = placed.text(relativeTo: ["base"])
      check(relative != nil, "a spec below a folder is written relative to it")
      let moved = relative.flatMap { try? SelectionSpec(text: $0, base: ["moved"]) }
      check(
        moved?.decisions.map(\.path) == spec.decisions.map { ["moved"] + $0.path },
        "a spec written relative to a folder reads back below another")
    }
    let minimized = spec.minimized()
    check(minimized.isMinimal, "a minimized spec is minimal")
    for decision in spec.decisions {
      for probe in [decision.path, decision.path + ["new"], Array(decision.path.dropLast())]
      where !probe.isEmpty {
        check(minimized.isSelected(probe) == spec.isSelected(probe), "minimized selects the same")
      }
    }
    for (index, export) in [spec.rsyncFilter, spec.gitignore, spec.sparseCheckout].enumerated() {
      do {
        let lines = try export([])
        check(
          !lines.contains { $0 < 0x20 && $0 != 0x0A || $0 == 0x7F },
          "an export's lines hold no control character")
        guard index < 2 else { continue }
        // Read back as rsync and git read them, the filters select each probed file as the spec.
        let read =
          index == 0 ? try FilterRules(rsyncFilter: lines) : FilterRules(gitignore: lines)
        // Only paths of file names: a label a line cannot hold names no file.
        func isFileName(_ label: String) -> Bool {
          !label.isEmpty && label != "." && label != ".." && !label.contains("/")
            && !label.unicodeScalars.contains {
              $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                || LabelBytes.rawByte($0).map { (0x80...0x9F).contains($0) } == true
            }
        }
        for decision in spec.decisions where decision.path.allSatisfy(isFileName) {
          for probe in [decision.path, decision.path + ["new"]] {
            check(
              read.isSelected(probe, isFolder: false) == spec.isSelected(probe, isFolder: false),
              "an export selects a file as the spec does: \(LabelPath.joined(probe))")
          }
        }
      } catch let error as TreeFormatError {
        fatalError("an rsync export does not read back: \(error)")
      } catch let error as SelectionSpecError {
        switch error {
        case .unwritableName: break
        case .keepsRules, .rulesElsewhere, .unwritableRule:
          check(spec.rules != nil, "only a spec with rules is refused for them")
        default: fatalError("an export failed: \(error)")
        }
      } catch {
        fatalError("an export failed: \(error)")
      }
    }
  }

  static func checkNames(_ bytes: [UInt8]) {
    func read(_ pieces: [ArraySlice<UInt8>]) -> Result<SelectionTree<String>, TreeFormatError> {
      var parser = TreeParser(nulSeparatedNamesFrom: "fuzz")
      return Result { () throws(TreeFormatError) in
        for piece in pieces { try parser.append(piece) }
        return try parser.finish()
      }
    }
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    let whole = read([bytes[...]])
    check(read([bytes[..<split], bytes[split...]]) == whole, "names do not depend on the pieces")
    guard case .success(let tree) = whole else {
      if case .failure(let error) = whole {
        check(error.file == "fuzz" && !error.message.isEmpty, "a names error says what is wrong")
      }
      return
    }
    tree.checkInvariants()
    // Every name comes back as its own bytes (a trailing '/' names the same folder).
    let written = Set(
      tree.ids.map { LabelBytes.bytes(of: LabelPath.rawJoined(tree.labelPath(of: $0))) })
    for var name in bytes.split(separator: 0).map(Array.init) {
      if name.count > 1 && name.last == 0x2F { name.removeLast() }
      check(written.contains(name), "a name comes back as its bytes: \(name)")
    }
    let text = tree.exported(as: .paths)
    guard let again = try? SelectionTree(parsing: text, format: .paths, file: "export") else {
      fatalError("the export of names does not parse:\n\(text)")
    }
    check(again.ids == tree.ids, "the export of names parses to the same nodes")
  }

  static func checkDetection(_ bytes: [UInt8]) {
    let format = TreeFormat.detect(fileName: nil, bytes: bytes)
    guard let tree = try? SelectionTree(parsing: bytes, format: format, file: "fuzz") else {
      return
    }
    for written in TreeFormat.allCases {
      let text = Array(tree.exported(as: written).utf8)
      let detected = TreeFormat.detect(fileName: nil, bytes: text)
      let isFlat = tree.ids.allSatisfy { tree.parent(of: $0) == nil }
      check(
        detected == written || (written == .paths && isFlat),
        "an export of \(written) is detected as \(detected)")
      guard let again = try? SelectionTree(parsing: text, file: "export") else {
        fatalError("an export of \(written) does not read back with detection")
      }
      check(
        again.ids.map { again.labelPath(of: $0) } == tree.ids.map { tree.labelPath(of: $0) },
        "an export of \(written) reads back to the same labels")
      check(
        again.ids.map { again.state(of: $0) } == tree.ids.map { tree.state(of: $0) },
        "an export of \(written) reads back to the same states")
    }
  }

  /// A small tree with depth, attributes and a lock, for rules to apply to.
  static let sampleTree: SelectionTree<String> = try! SelectionTree(
    parsing: """
      [x] Fruit
        [ ] Apple  {kind=required}
        [x] Pear
      [ ] Tools
        [ ] Hammer
          [ ] Claw
      """, format: .indented)
}

extension FuzzTarget {
  /// Traps with the property's name when the condition does not hold, as every target's checks do.
  ///
  /// ```swift
  /// FuzzTarget._checkForTesting(1 + 1 == 2, "arithmetic")   // returns
  /// ```
  ///
  /// - Complexity: O(1).
  public static func _checkForTesting(_ condition: Bool, _ property: String) {
    check(condition, property)
  }
}

/// Traps with the property's name when it does not hold, in every build configuration.
func check(_ condition: Bool, _ property: @autoclosure () -> String) {
  if !condition { fatalError("property failed: \(property())") }
}
