import Explorer
import Testing

@testable import TestSupport

/// The message `arguments` are refused with, nil when they parse.
private func refusal(_ arguments: [String]) -> String? {
  do {
    _ = try Invocation.parse(arguments)
    return nil
  } catch { return error.message }
}

/// The binding lines of a script (those that bind a key), in order.
private func bindings(_ script: String) -> [String] {
  script.split(separator: "\n").map(String.init).filter {
    $0.hasPrefix("bind ") || $0.hasPrefix("bindkey ")
  }
}

@Suite("togglekit shell: key bindings for bash, zsh and fish, their keys and their errors")
struct ShellIntegrationTests {
  @Test("shell takes one shell, then --files-key and --cd-key (KEY or --opt=KEY, none unbinds)")
  func parsing() throws {
    for shell in Invocation.Shell.allCases {
      let invocation = try Invocation.parse(["shell", shell.rawValue])
      #expect(invocation.command == .shell && invocation.shell == shell)
      #expect(invocation.shellKeys == ShellIntegration.Keys())
      #expect(invocation.immediateOutput == ShellIntegration.script(for: shell, keys: .init()))
    }
    let keys = try Invocation.parse(["shell", "zsh", "--files-key", "alt-t", "--cd-key=none"])
      .shellKeys
    #expect(keys.files == ShellKey("alt-t") && keys.changeDirectory == nil)
    #expect(try Invocation.parse(["shell", "--help"]).helpTopic == .shell)
    #expect(try Invocation.parse(["shell", "fish", "-h"]).helpTopic == .shell)
    #expect(try Invocation.parse(["help", "shell"]).helpTopic == .shell)
    #expect(Usage.text(for: .shell).hasPrefix("usage: togglekit shell bash|zsh|fish"))
  }

  @Test("a missing or misspelt shell, option or key is refused, naming the valid ones")
  func refusals() {
    #expect(refusal(["shell"]) == "shell needs a shell: bash, zsh or fish")
    #expect(
      refusal(["shell", "bsh"]) == "shell takes bash, zsh or fish, not 'bsh'; did you mean 'bash'?")
    #expect(
      refusal(["shell", "bash", "--cd-ky", "alt-c"])
        == "unknown option '--cd-ky' for 'shell'; did you mean '--cd-key'? (options: --files-key, --cd-key, --help)"
    )
    #expect(refusal(["shell", "bash", "--files-key"]) == "option '--files-key' needs a value")
    #expect(
      refusal(["shell", "bash", "--files-key", "f1"])
        == "option '--files-key' takes ctrl-a … ctrl-z, alt-a … alt-z, alt-0 … alt-9 or none, not 'f1'"
    )
    #expect(
      refusal(["shell", "bash", "--files-key", "alt-c"])
        == "options '--files-key' and '--cd-key' name the same key: give two keys")
    #expect(refusal(["shell", "bash", "--files-key", "none", "--cd-key", "none"]) == nil)
  }

  @Test("every key a binding takes, in each shell's notation; every other name is refused")
  func keys() {
    for letter in "abcdefghijklmnopqrstuvwxyz" {
      let control = ShellKey("ctrl-\(letter)")
      #expect(control?.control == true && control?.character == letter)
      #expect(
        bindings(
          ShellIntegration.script(for: .zsh, keys: .init(files: control, changeDirectory: nil)))
          == ["emacs", "viins", "vicmd"].map {
            "bindkey -M \($0) '^\(letter.uppercased())' __togglekit_files"
          })
      #expect(ShellKey("CTRL-\(letter.uppercased())") == control)
    }
    for character in "abcdefghijklmnopqrstuvwxyz0123456789" {
      let alt = ShellKey("alt-\(character)")
      #expect(alt?.control == false && alt?.character == character)
      #expect(
        bindings(ShellIntegration.script(for: .fish, keys: .init(files: nil, changeDirectory: alt)))
          == [
            "bind -M default \\e\(character) __togglekit_cd",
            "bind -M insert \\e\(character) __togglekit_cd 2>/dev/null",
          ])
    }
    for name in ["ctrl-1", "ctrl-", "alt-", "f1", "ctrl-ab", "shift-a", "alt-é", "ctrl", "", "-a"] {
      #expect(ShellKey(name) == nil, "\(name)")
    }
  }

  @Test(
    "bash binds the keys in emacs and both vi keymaps; Alt-C runs the widget, an empty Enter, then puts the line back"
  )
  func bashBindings() {
    let script = ShellIntegration.script(for: .bash, keys: .init())
    #expect(
      bindings(script) == [
        #"bind -m emacs-standard -x '"\C-t": __togglekit_files'"#,
        #"bind -m emacs-standard -x '"\C-x\C-_c": __togglekit_cd'"#,
        #"bind -m emacs-standard -x '"\C-x\C-_r": __togglekit_restore'"#,
        #"bind -m emacs-standard '"\ec": "\C-x\C-_c\C-m\C-x\C-_r"'"#,
        #"bind -m vi-insert -x '"\C-t": __togglekit_files'"#,
        #"bind -m vi-insert -x '"\C-x\C-_c": __togglekit_cd'"#,
        #"bind -m vi-insert -x '"\C-x\C-_r": __togglekit_restore'"#,
        #"bind -m vi-insert '"\ec": "\C-x\C-_c\C-m\C-x\C-_r"'"#,
        #"bind -m vi-command -x '"\C-t": __togglekit_files'"#,
        #"bind -m vi-command -x '"\C-x\C-_c": __togglekit_cd'"#,
        #"bind -m vi-command -x '"\C-x\C-_r": __togglekit_restore'"#,
        #"bind -m vi-command '"\ec": "i\C-x\C-_c\C-m\C-x\C-_r"'"#,
      ])
    #expect(
      bindings(ShellIntegration.script(for: .bash, keys: .init(files: nil, changeDirectory: nil)))
        .isEmpty)
  }

  @Test(
    "the picker's options come first, then TOGGLEKIT_DEFAULT_OPTS, then the widget's own variable; names travel NUL-separated"
  )
  func pickerCommand() {
    for shell in Invocation.Shell.allCases {
      let script = ShellIntegration.script(for: shell, keys: .init())
      #expect(script.contains("--multi --output topmost"))
      for variable in ["TOGGLEKIT_CTRL_T_OPTS", "TOGGLEKIT_ALT_C_OPTS"] {
        let lines = script.split(separator: "\n").filter { $0.contains(variable) }
        #expect(!lines.isEmpty)
        for line in lines {
          // What is read later wins: the widget's options, the user's defaults, the widget's own.
          let options = line.range(of: "--height 40% --layout reverse --gitignore")
          let defaults = options.flatMap {
            line[$0.upperBound...].range(of: "TOGGLEKIT_DEFAULT_OPTS")
          }
          let own = defaults.flatMap { line[$0.upperBound...].range(of: variable) }
          #expect(own != nil, "\(shell): \(line)")
        }
      }
      #expect(script.contains("explore --dir \(shell == .fish ? "$dir" : "\"$dir\"") -0"))
      #expect(script.contains(#"--bind 'enter:become(printf "%s\0" {})'"#))
    }
  }
}

@Suite("Cursor reports: where an inline explorer starts")
struct CursorReportTests {
  @Test("ESC [ row ; column R is found among typed-ahead keys, which are kept in order")
  func report() {
    let report = Array("\u{1B}[12;34R".utf8)
    #expect(ScreenSequences.cursorColumn(in: report)?.column == 34)
    let around = ScreenSequences.cursorColumn(
      in: Array("ab".utf8) + report + Array("\u{1B}[A".utf8))
    #expect(around?.column == 34 && around?.others == Array("ab\u{1B}[A".utf8))
    #expect(
      ScreenSequences.cursorColumn(in: Array("\u{1B}[A\u{1B}[1;1R".utf8))?.others
        == Array("\u{1B}[A".utf8))
    for broken in [
      "\u{1B}[12;R", "\u{1B}[;5R", "\u{1B}[12R", "\u{1B}[1;2;3R", "\u{1B}[12;34", "12;34R",
      "\u{1B}[1;0R",
    ] {
      #expect(
        ScreenSequences.cursorColumn(in: Array(broken.utf8)) == nil, "\(broken.debugDescription)")
    }
  }

  @Test(
    "inside a line the region starts on the line below and leaving puts the cursor back where the shell left it; on a fresh line, as before"
  )
  func belowTheLine() {
    #expect(
      ScreenSequences.enter(mouse: false, inlineRows: 3, column: 12)
        == "\n\n\n\u{1B}[3A\u{1B}7\u{1B}[?25l")
    #expect(ScreenSequences.frame(["a"], inline: true, column: 12).hasPrefix("\u{1B}8\u{1B}[B\r"))
    #expect(
      ScreenSequences.restore(inline: true, column: 12)
        == "\u{1B}[?1006l\u{1B}[?1000l\u{1B}8\u{1B}[B\r\u{1B}[J\u{1B}8\u{1B}[?25h")
    #expect(
      ScreenSequences.enter(mouse: false, inlineRows: 3, column: 1)
        == ScreenSequences.enter(mouse: false, inlineRows: 3))
    #expect(
      ScreenSequences.restore(inline: true, column: 1) == ScreenSequences.restore(inline: true))
  }
}
