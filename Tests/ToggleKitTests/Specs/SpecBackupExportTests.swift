import Testing

@testable import TestSupport
@testable import ToggleKit

/// Go's `filepath.Match` for one name, as restic applies it to each part of a path: literal
/// scalars, `\` escaping the next, `?` one scalar, `*` any run, `[…]` and `[^…]` classes.
private func goMatch(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>)
  -> Bool
{
  guard let first = pattern.first else { return name.isEmpty }
  switch first {
  case "*":
    return (0...name.count).contains { goMatch(pattern.dropFirst(), name.dropFirst($0)) }
  case "?":
    return !name.isEmpty && goMatch(pattern.dropFirst(), name.dropFirst())
  case "[":
    var rest = pattern.dropFirst()
    let negated = rest.first == "^"
    if negated { rest = rest.dropFirst() }
    var members: [Unicode.Scalar] = []
    while let scalar = rest.first, scalar != "]" {
      rest = rest.dropFirst()
      if scalar == "\\", let escaped = rest.first {
        members.append(escaped)
        rest = rest.dropFirst()
      } else {
        members.append(scalar)
      }
    }
    guard let next = name.first, rest.first == "]" else { return false }
    return members.contains(next) != negated && goMatch(rest.dropFirst(), name.dropFirst())
  case "\\":
    let rest = pattern.dropFirst()
    return rest.first != nil && name.first == rest.first
      && goMatch(rest.dropFirst(), name.dropFirst())
  default:
    return name.first == first && goMatch(pattern.dropFirst(), name.dropFirst())
  }
}

@Suite("Selection specs for restic and borg")
struct SpecBackupExportTests {
  @Test(
    "the documentation's examples: restic backs up the topmost includes and excludes below them; borg's roots are the topmost includes and each decision comes before those above it"
  )
  func documentedExamples() throws {
    let restic = try SelectionSpec(text: "+ ada\n- ada/.cache\n").restic(in: Array("/home".utf8))
    #expect(String(decoding: restic.files, as: UTF8.self) == "/home/ada\0")
    #expect(String(decoding: restic.excludes, as: UTF8.self) == "/home/ada/.cache\n")
    let borg = try SelectionSpec(text: "+ ada\n- ada/.cache\n+ ada/.cache/keep\n")
      .borgPatterns(in: Array("/home/".utf8))
    #expect(
      String(decoding: borg, as: UTF8.self)
        == "R /home/ada\n+ pp:/home/ada/.cache/keep\n- pp:/home/ada/.cache\n")
  }

  @Test(
    "with a base the paths start at the folder given, which the base's decision makes a target or a root; decisions outside it are left out, and a folder excluded whole is left unread by borg"
  )
  func baseAndFolder() throws {
    let spec = try SelectionSpec(text: "+ d\n- d/x\n- d/y\n+ d/y/k\n+ other\n")
    let restic = try spec.restic(in: Array("/mnt/d".utf8), under: ["d"])
    #expect(String(decoding: restic.files, as: UTF8.self) == "/mnt/d\0")
    #expect(
      String(decoding: restic.excludes, as: UTF8.self)
        == "/mnt/d/x\n/mnt/d/y/[^k]*\n/mnt/d/y/k?*\n")
    let borg = try spec.borgPatterns(in: Array("/mnt/d".utf8), under: ["d"])
    #expect(
      String(decoding: borg, as: UTF8.self)
        == "R /mnt/d\n+ pp:/mnt/d/y/k\n- pp:/mnt/d/y\n! pp:/mnt/d/x\n")
    // The file system's root as the folder.
    let top = try spec.restic(in: Array("/".utf8))
    #expect(String(decoding: top.files, as: UTF8.self) == "/d\0/other\0")
  }

  @Test(
    "restic's patterns escape what restic reads as syntax: * ? [ \\ with a backslash, $ as [$] (restic expands $NAME), a white space that ends the line in a class (restic trims it); borg's pp: paths are literal and end in / after white space"
  )
  func escaping() throws {
    let names = ["st*r", "q?", "[x]", #"back\slash"#, "$HOME", "${X}", "trail ", "nb\u{A0}"]
    let spec = SelectionSpec(
      [.init(["d"], isIncluded: true)] + names.map { .init(["d", $0], isIncluded: false) })
    let restic = try spec.restic(in: Array("/f".utf8))
    let lines = String(decoding: restic.excludes, as: UTF8.self).split(separator: "\n")
    #expect(
      lines == [
        #"/f/d/[$]HOME"#, #"/f/d/[$]{X}"#, #"/f/d/\[x]"#, #"/f/d/back\\slash"#, "/f/d/nb[\u{A0}]",
        #"/f/d/q\?"#, #"/f/d/st\*r"#, "/f/d/trail[ ]",
      ])
    let borg = String(decoding: try spec.borgPatterns(in: Array("/f".utf8)), as: UTF8.self)
    #expect(borg.contains("! pp:/f/d/trail /\n") && borg.contains("! pp:/f/d/nb\u{A0}/\n"))
    #expect(borg.contains("! pp:/f/d/$HOME\n") && borg.contains("! pp:/f/d/st*r\n"))
  }

  @Test(
    "every set of up to two names (three in the long tier) of up to two scalars (a, $, ], space) kept inside an excluded folder: restic's patterns, read as Go's filepath.Match reads them, match every name of up to three scalars but those kept, and none holds a $ that restic would expand or ends in white space"
  )
  func complementsExcludeEveryOtherName() throws {
    let alphabet: [Unicode.Scalar] = ["a", "$", "]", " "]
    var short: [[Unicode.Scalar]] = alphabet.map { [$0] }
    short += alphabet.flatMap { first in alphabet.map { [first, $0] } }
    let candidates: [[Unicode.Scalar]] = {
      let letters = alphabet + ["b"]
      var result: [[Unicode.Scalar]] = [[]]
      var level: [[Unicode.Scalar]] = [[]]
      for _ in 0..<3 {
        level = level.flatMap { prefix in letters.map { prefix + [$0] } }
        result += level
      }
      return result.filter { !$0.isEmpty }
    }()
    var sets: [[[Unicode.Scalar]]] = short.map { [$0] }
    for i in short.indices {
      for j in short.indices where j > i {
        sets.append([short[i], short[j]])
        guard Tier.isLong else { continue }
        for k in short.indices where k > j { sets.append([short[i], short[j], short[k]]) }
      }
    }
    #expect(sets.count == 20 + 190 + (Tier.isLong ? 1140 : 0))
    for kept in sets {
      let names = kept.map { String(String.UnicodeScalarView($0)) }
      let spec = SelectionSpec(
        [.init(["d"], isIncluded: true), .init(["d", "x"], isIncluded: false)]
          + names.map { .init(["d", "x", $0], isIncluded: true) })
      let excludes = try spec.restic(in: Array("/f".utf8)).excludes
      let patterns = String(decoding: excludes, as: UTF8.self).split(separator: "\n").map {
        line in
        #expect(line.hasPrefix("/f/d/x/"), "\(line)")
        let pattern = Array(line.dropFirst("/f/d/x/".count).unicodeScalars)
        for (index, scalar) in pattern.enumerated() where scalar == "$" {
          let next = index + 1 < pattern.count ? pattern[index + 1] : " "
          #expect(next == "]", "restic would expand \(line)")
        }
        #expect(pattern.last.map { !$0.properties.isWhitespace } ?? false, "trimmed: \(line)")
        return pattern
      }
      for name in candidates {
        let excluded = patterns.contains { goMatch($0[...], name[...]) }
        #expect(
          excluded != kept.contains(name),
          "\(names) and '\(String(String.UnicodeScalarView(name)))'")
      }
    }
  }

  @Test(
    "names are refused where the formats cannot hold them: borg reads its patterns as UTF-8, restic's classes read UTF-8 (a name that is not UTF-8 is fine as a literal), and both match absolute paths only"
  )
  func refusals() throws {
    let raw = LabelBytes.label(decoding: [0x66, 0xFF, 0x67])
    let literal = SelectionSpec([
      .init(["d"], isIncluded: true), .init(["d", raw], isIncluded: false),
    ])
    #expect(
      try literal.restic(in: Array("/f".utf8)).excludes == Array("/f/d/f".utf8) + [0xFF]
        + Array("g\n".utf8))
    #expect(throws: SelectionSpecError.notUTF8(["d", raw], format: "a borg pattern")) {
      try literal.borgPatterns(in: Array("/f".utf8))
    }
    let kept = SelectionSpec([
      .init(["d"], isIncluded: true), .init(["d", "x"], isIncluded: false),
      .init(["d", "x", raw], isIncluded: true),
    ])
    #expect(
      throws: SelectionSpecError.notUTF8(["d", "x", raw], format: "a restic exclude pattern")
    ) {
      try kept.restic(in: Array("/f".utf8))
    }
    #expect(
      throws: SelectionSpecError.notUTF8(
        [LabelBytes.label(decoding: [0x2F, 0xFF])], format: "a borg pattern")
    ) {
      try kept.borgPatterns(in: [0x2F, 0xFF])
    }
    for export in [{ try kept.restic(in: $0) as Any }, { try kept.borgPatterns(in: $0) as Any }] {
      #expect(throws: SelectionSpecError.relativeFolder(Array("home".utf8))) {
        try export(Array("home".utf8))
      }
      #expect {
        try export(Array("/new\nline".utf8))
      } throws: { error in
        guard case .unwritableName? = error as? SelectionSpecError else { return false }
        return !"\(error)".unicodeScalars.contains { $0.value < 0x20 }
      }
    }
  }
}
