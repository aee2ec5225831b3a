/// The manual page `togglekit(1)` in roff, made from ``OptionTable`` and the key help, so that it
/// says what `--help` says.
///
/// ```swift
/// print(ManPage.roff)   // togglekit man > togglekit.1
/// ```
///
/// - Complexity: O(options) for every member.
package enum ManPage {
  /// Text made safe for roff: a backslash is `\e`, a hyphen `\-`, a line starting with `.` or
  /// `'` is guarded, ▸ and ▾ (which troff's fonts lack) are `>` and `v`, and every other
  /// character outside ASCII is written `\[uXXXX]`.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      // Glyphs troff's fonts lack: the disclosure triangles of the key help.
      case "▸": result += ">"
      case "▾": result += "v"
      case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return result.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
      .joined(separator: "\n")
  }

  /// One option: its names in bold, its value in italics, what it does indented below.
  static func entry(_ option: CommandLineOption) -> String {
    let names = option.names.map { "\\fB" + escaped($0) + "\\fR" }.joined(separator: ", ")
    let value =
      option.value.map { " \\fI" + escaped($0) + "\\fR" }
      ?? (option.inlineValue.map { "[=\\fI" + escaped($0) + "\\fR]" } ?? "")
    let commands = Invocation.Command.allCases.filter(option.commands.contains)
      .map(\.rawValue).joined(separator: ", ")
    let help = option.help.replacing("\n", with: " ")
    let note = commands + (option.repeatable ? "; repeatable" : "")
    return ".TP\n" + names + value + "\n" + escaped(help) + " (" + note + ")"
  }

  /// The whole page: name, synopsis, description, every option by help section, keys, paths,
  /// exit status, environment, examples.
  ///
  /// ```swift
  /// ManPage.roff.hasPrefix(".TH TOGGLEKIT 1")   // true
  /// ```
  ///
  /// - Complexity: O(options).
  package static var roff: String {
    var page = [
      ".TH TOGGLEKIT 1 \"\" \"togglekit \(Usage.version)\" \"User Commands\"",
      ".SH NAME",
      "togglekit \\- tri\\-state tree checklists for the terminal and for scripts",
      ".SH SYNOPSIS",
      ".B togglekit explore",
      "[\\fIoptions\\fR] [\\fIFILE\\fR | \\fB\\-\\fR]",
      ".br",
      ".B togglekit apply",
      "[\\fIoptions\\fR] [\\fIFILE\\fR | \\fB\\-\\fR]",
      ".br",
      ".B togglekit shell",
      "\\fBbash\\fR | \\fBzsh\\fR | \\fBfish\\fR [\\fB\\-\\-files\\-key\\fR \\fIKEY\\fR] [\\fB\\-\\-cd\\-key\\fR \\fIKEY\\fR]",
      ".br",
      ".B togglekit completion",
      "\\fBbash\\fR | \\fBzsh\\fR | \\fBfish\\fR",
      ".br",
      ".B togglekit man",
      ".SH DESCRIPTION",
      escaped(
        """
        togglekit reads a tree (indented text, JSON, a path list or a directory) and lets you \
        select parts of it: a parent is on, off or mixed according to the leaves below it, and a \
        click on a parent selects or deselects every writable leaf below it. Locked and disabled \
        nodes keep their value.
        """),
      ".PP",
      escaped(
        """
        explore draws the tree on the terminal (/dev/tty) and prints the selection on standard \
        output when Enter is pressed, so that picked=$(togglekit explore tree.txt) works. apply \
        runs operations in command-line order and prints the result, for scripts.
        """),
      ".PP",
      escaped(
        """
        FILE is indented text, JSON or a path list (detected; see --format); - or a piped \
        standard input is read when no FILE is given. On a terminal with no input, explore opens \
        a demo catalogue.
        """),
    ]
    for section in CommandLineOption.Section.allCases {
      let options = OptionTable.options.filter { $0.section == section }
      guard !options.isEmpty else { continue }
      page.append(".SH " + escaped(section.rawValue.uppercased()))
      page += options.map(entry)
    }
    page.append(".SH KEYS")
    for (title, lines) in KeyTable.usageSections {
      page.append(".PP\n" + escaped(title + ":"))
      for line in lines {
        let keys = line.prefix(14).trimmingTrailingSpaces()
        let action = line.dropFirst(14).drop { $0 == " " }
        page.append(".TP\n\\fB" + escaped(keys) + "\\fR\n" + escaped(String(action)))
      }
    }
    page += [
      ".SH PATHS",
      escaped(
        """
        A PATH is the labels from the root joined by '/', written as togglekit prints them: \
        '\\/' and '\\\\' for '/' and '\\' in a label, '\\t' '\\n' '\\r', '\\u{1B}' for any \
        other control character, '\\e' for an empty label. A leading '/' is a root labelled \
        '/', as find / prints: '/usr/bin' is bin in usr under '/'. With -0, paths are written raw and \
        ended by NUL, for xargs -0; --select-from reads either form. A PATH is read as printed, \
        from the working directory, and as a shell writes it: a trailing '/', and './' and '../' \
        read against the --dir argument (--dir . --on docs/). --dir may be a symbolic link to a \
        folder: it is followed, as find -H follows one; links inside are listed, not followed.
        """),
      ".SH SPECS",
      escaped(
        """
        A spec (--output spec, --select-spec) holds '+ PATH' and '- PATH' decisions, each node \
        following the nearest on itself or a folder above it. With --dir its paths are relative \
        to the folder, as rsync's filter rules are relative to the transfer's root: '+ .' is the \
        folder itself, '- .cache' a name in it; so one spec means the same from any working \
        directory, through a symlink, and after the folder moves. A spec none of whose decisions \
        names a node of the tree, or a --select-from list none of whose paths does, is an error \
        (exit 1), never an empty selection reported as success; --strict makes every decision \
        that names no node an error, the form for scripts and cron jobs. A path with a space at \
        either end is refused at its line (write \\u{20} for a name that has one). A spec \
        written before paths were anchored (paths from the working directory) is read so, with \
        a warning; --print spec writes it anew.
        """),
      ".SH EXIT STATUS",
      ".TP\n0\nsuccess",
      ".TP\n1\nbad input, a path that names no node, or a failed write",
      ".TP\n2\na usage error",
      ".TP\n130\ncancelled (q, Esc or Ctrl\\-C in explore)",
      ".SH ENVIRONMENT",
      ".TP\n.B NO_COLOR\nwhen set, no colours are drawn",
      ".TP\n.B TOGGLEKIT_DEFAULT_OPTS",
      escaped(
        """
        options for explore, read before the command line's (which win), split as a shell splits \
        words, as fzf reads FZF_DEFAULT_OPTS; apply never reads them
        """),
      ".TP\n.BR TOGGLEKIT_CTRL_T_OPTS \", \" TOGGLEKIT_ALT_C_OPTS",
      escaped(
        """
        options the key bindings of togglekit shell add after TOGGLEKIT_DEFAULT_OPTS, for Ctrl-T \
        and Alt-C
        """),
      ".SH SHELL KEY BINDINGS",
      escaped(
        """
        eval "$(togglekit shell bash)" in ~/.bashrc (zsh: the same in ~/.zshrc; fish: togglekit \
        shell fish | source) binds Ctrl-T: pick files and folders, pasted at the cursor, each \
        quoted for the shell — on the word before the cursor when it names a folder (the picks \
        replace it), else on the working directory; and Alt-C: change to the folder of the \
        focused row. Both run explore inline with --height 40% --layout reverse --gitignore, then \
        TOGGLEKIT_DEFAULT_OPTS and TOGGLEKIT_CTRL_T_OPTS or TOGGLEKIT_ALT_C_OPTS. Cancelling \
        leaves the line as it was. --files-key KEY and --cd-key KEY choose other keys (ctrl-a to \
        ctrl-z, alt-a to alt-z, alt-0 to alt-9), none leaves one unbound.
        """),
      ".SH FZF",
      escaped(
        """
        Keys, --bind, --expect, --print-query, --select-1, --exit-0, --preview-window, --prompt, \
        --layout and the query's extended syntax mean what fzf's do. On purpose, togglekit \
        differs: exit status 1 is bad input (fzf: no match), and --exit-0 exits 0; -0 is \
        --print0 (fzf: --exit-0); typing filters after / unless --keys fzf; left and right open \
        and close folders (Ctrl-B and Ctrl-F move in the filter); Esc clears a filter before it \
        cancels; --layout default lists the tree top-down, as reverse-list. Enter with nothing \
        selected picks the focused node only while nothing was selected in the session \
        (--empty-enter). --bind takes fzf's events too: start, load, resize, result, \
        result-final, change, focus, multi, one, zero, backward-eof, jump, jump-cancel; an \
        event's actions run after the key that caused it and fire no events. fzf's other \
        options are taken and change nothing (its drawing options: --color, --pointer, \
        --margin …) or are refused with exit 2 saying why (--tac, --nth, --history …), as are \
        its other actions and events; docs/togglekit.md lists every name.
        """),
      ".SH EXAMPLES",
      ".nf",
      escaped("picked=$(togglekit explore --output topmost cats.txt)"),
      escaped("find src -type f | togglekit apply --format paths --on src --print leaves -"),
      escaped("togglekit explore --dir . --select-from picked.txt --limit 5 --header 'Pick five'"),
      escaped("togglekit apply --select-from picked.txt --print topmost cats.txt"),
      escaped("togglekit explore --dir ~/ada --hidden --output spec > backup.spec"),
      escaped(
        "togglekit apply --strict --dir ~/ada --hidden --select-spec backup.spec --print rsync-filter > backup.rsync"
      ),
      escaped(
        "togglekit apply --dir ~/ada --hidden --select-spec backup.spec --print borg-patterns > patterns"
      ),
      escaped("eval \"$(togglekit completion bash)\""),
      escaped("eval \"$(togglekit shell bash)\"    # Ctrl-T pastes picks, Alt-C changes folder"),
      ".fi",
      ".SH SEE ALSO",
      ".BR fzf (1),",
      ".BR find (1),",
      ".BR rsync (1),",
      ".BR restic (1),",
      ".BR borg (1),",
      ".BR gitignore (5),",
      ".BR xargs (1)",
    ]
    return page.joined(separator: "\n") + "\n"
  }
}

extension Substring {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
