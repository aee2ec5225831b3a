/// The key bindings `togglekit shell bash|zsh|fish` prints, to `eval` in a shell's start-up file:
/// Ctrl-T pastes picked files and folders at the cursor, Alt-C changes to a picked folder.
///
/// Ctrl-T opens `togglekit explore --dir` inline (lazy, `--gitignore`, `TOGGLEKIT_DEFAULT_OPTS`
/// and then `TOGGLEKIT_CTRL_T_OPTS` applied) on the word before the cursor when it names a folder,
/// else on `.`; the picks replace that word, or are inserted at the cursor, each quoted by the
/// shell's own quoting (`printf %q`, `${(q)…}`, `string escape`), so that any name reaches the
/// command as one word, byte for byte. Names are read NUL-separated (`-0`), never split or run.
/// Cancelling leaves the line as it was.
///
/// ```swift
/// ShellIntegration.script(for: .zsh, keys: .init())   // eval "$(togglekit shell zsh)"
/// ```
package enum ShellIntegration {
  /// The keys the script binds (nil: that widget is left unbound).
  package struct Keys: Hashable, Sendable {
    /// Pastes picks at the cursor (`--files-key`, default Ctrl-T).
    package var files: ShellKey? = ShellKey("ctrl-t")
    /// Changes to a picked folder (`--cd-key`, default Alt-C).
    package var changeDirectory: ShellKey? = ShellKey("alt-c")

    /// Ctrl-T and Alt-C.
    package init() {}

    /// These keys (nil: unbound).
    package init(files: ShellKey?, changeDirectory: ShellKey?) {
      self.files = files
      self.changeDirectory = changeDirectory
    }
  }

  /// The options both widgets start from, before the user's `TOGGLEKIT_DEFAULT_OPTS` (which win).
  static let commonOptions = "--height 40% --layout reverse --gitignore"
  /// Ctrl-T's own: several picks, a folder whose every file is picked as the folder.
  static let filesOptions = commonOptions + " --multi --output topmost"
  /// Alt-C's Enter: the focused row's path, ended by NUL (`{}` is a parameter, never text).
  static let focusedPath = "--bind 'enter:become(printf \"%s\\0\" {})'"

  /// The script for `shell`, binding `keys`.
  ///
  /// - Complexity: O(1).
  package static func script(for shell: Invocation.Shell, keys: Keys) -> String {
    switch shell {
    case .bash: bash(keys)
    case .zsh: zsh(keys)
    case .fish: fish(keys)
    }
  }

  // MARK: bash

  static func bash(_ keys: Keys) -> String {
    var lines = [
      """
      # togglekit key bindings for bash: eval "$(togglekit shell bash)" in ~/.bashrc
      # Ctrl-T pastes picked files at the cursor; Alt-C changes to a picked folder.
      __togglekit_files() {
        local left=${READLINE_LINE:0:READLINE_POINT} right=${READLINE_LINE:READLINE_POINT}
        local word=${left##*[[:space:]]} dir=. folder item quoted picks=
        folder=$word
        [[ $folder == '~' || $folder == '~/'* ]] && folder=$HOME${folder:1}
        if [[ -n $word && -d $folder ]]; then dir=$folder; left=${left:0:${#left}-${#word}}; fi
        while IFS= read -r -d '' item; do
          [[ $dir == . && $item == ./?* && $item != ./-* ]] && item=${item:2}
          printf -v quoted '%q' "$item"
          picks+="$quoted "
        done < <(TOGGLEKIT_DEFAULT_OPTS="\(filesOptions) ${TOGGLEKIT_DEFAULT_OPTS-} ${TOGGLEKIT_CTRL_T_OPTS-}" \\
          command togglekit explore --dir "$dir" -0)
        [[ -n $picks ]] || return 0
        READLINE_LINE=$left$picks$right
        READLINE_POINT=$(( ${#left} + ${#picks} ))
      }
      __togglekit_cd() {
        __togglekit_line=$READLINE_LINE __togglekit_point=$READLINE_POINT
        READLINE_LINE= READLINE_POINT=0
        local dir=
        IFS= read -r -d '' dir < <(TOGGLEKIT_DEFAULT_OPTS="\(commonOptions) ${TOGGLEKIT_DEFAULT_OPTS-} ${TOGGLEKIT_ALT_C_OPTS-}" \\
          command togglekit explore --dir . \(focusedPath))
        [[ -n $dir ]] || return 0
        [[ -d $dir ]] || dir=${dir%/*}
        builtin cd -- "$dir"
      }
      __togglekit_restore() {
        READLINE_LINE=$__togglekit_line READLINE_POINT=$__togglekit_point
      }
      """
    ]
    for keymap in ["emacs-standard", "vi-insert", "vi-command"] {
      if let key = keys.files {
        lines.append("bind -m \(keymap) -x '\"\(key.bash)\": __togglekit_files'")
      }
      if let key = keys.changeDirectory {
        // The widget empties the line and changes folder, an empty Enter redraws the prompt in
        // the new folder, then the line comes back.
        lines.append("bind -m \(keymap) -x '\"\\C-x\\C-_c\": __togglekit_cd'")
        lines.append("bind -m \(keymap) -x '\"\\C-x\\C-_r\": __togglekit_restore'")
        let enter =
          keymap == "vi-command" ? "i\\C-x\\C-_c\\C-m\\C-x\\C-_r" : "\\C-x\\C-_c\\C-m\\C-x\\C-_r"
        lines.append("bind -m \(keymap) '\"\(key.bash)\": \"\(enter)\"'")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: zsh

  static func zsh(_ keys: Keys) -> String {
    var lines = [
      """
      # togglekit key bindings for zsh: eval "$(togglekit shell zsh)" in ~/.zshrc
      # Ctrl-T pastes picked files at the cursor; Alt-C changes to a picked folder.
      __togglekit_files() {
        emulate -L zsh
        local word= dir=. folder item left=$LBUFFER picks=
        [[ -n $LBUFFER && $LBUFFER != *[[:space:]] ]] && word=${${(z)LBUFFER}[-1]}
        folder=${(Q)word}
        [[ $folder == '~' || $folder == '~/'* ]] && folder=$HOME${folder:1}
        if [[ -n $word && -d $folder ]]; then dir=$folder; left=${LBUFFER[1,-$(( ${#word} + 1 ))]}; fi
        # A command substitution runs in the foreground, where the picker may set up the terminal.
        local out="$(TOGGLEKIT_DEFAULT_OPTS="\(filesOptions) ${TOGGLEKIT_DEFAULT_OPTS-} ${TOGGLEKIT_CTRL_T_OPTS-}" \\
          command togglekit explore --dir "$dir" -0 < /dev/tty)"
        for item in "${(@0)out}"; do
          [[ -n $item ]] || continue
          [[ $dir == . && $item == ./?* && $item != ./-* ]] && item=${item:2}
          picks+="${(q)item} "
        done
        [[ -n $picks ]] && LBUFFER=$left$picks
        zle reset-prompt
      }
      __togglekit_cd() {
        emulate -L zsh
        local dir= hook
        dir="$(TOGGLEKIT_DEFAULT_OPTS="\(commonOptions) ${TOGGLEKIT_DEFAULT_OPTS-} ${TOGGLEKIT_ALT_C_OPTS-}" \\
          command togglekit explore --dir . \(focusedPath) < /dev/tty)"
        dir=${dir%$'\\0'}
        if [[ -n $dir ]]; then
          [[ -d $dir ]] || dir=${dir:h}
          builtin cd -- "$dir" && for hook in $precmd_functions; do "$hook"; done
        fi
        zle reset-prompt
      }
      zle -N __togglekit_files
      zle -N __togglekit_cd
      """
    ]
    for keymap in ["emacs", "viins", "vicmd"] {
      if let key = keys.files {
        lines.append("bindkey -M \(keymap) '\(key.zsh)' __togglekit_files")
      }
      if let key = keys.changeDirectory {
        lines.append("bindkey -M \(keymap) '\(key.zsh)' __togglekit_cd")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: fish

  static func fish(_ keys: Keys) -> String {
    var lines = [
      """
      # togglekit key bindings for fish: togglekit shell fish | source (in config.fish)
      # Ctrl-T pastes picked files at the cursor; Alt-C changes to a picked folder.
      function __togglekit_files
          set -l word (commandline -t)
          set -l folder (string unescape -- $word 2>/dev/null; or printf '%s' $word)
          set folder (string replace -r '^~(?=/|$)' $HOME -- $folder)
          set -l dir .
          if test -n "$word"; and test -d "$folder"
              set dir $folder
          else
              set word ''
          end
          set -l options "\(filesOptions) $TOGGLEKIT_DEFAULT_OPTS $TOGGLEKIT_CTRL_T_OPTS"
          set -l picks (TOGGLEKIT_DEFAULT_OPTS=$options command togglekit explore --dir $dir -0 | string split0)
          if test (count $picks) -gt 0
              set -l words
              for item in $picks
                  set item (string escape -- $item)
                  if test "$dir" = .
                      # Quoted, an item is one line; a quote may open it.
                      set item (string replace -r '^(\\'?)\\./(?=[^-])' '$1' -- $item)
                  end
                  set -a words $item
              end
              if test -n "$word"
                  commandline -t -- (string join ' ' -- $words)' '
              else
                  commandline -i -- (string join ' ' -- $words)' '
              end
          end
          commandline -f repaint
      end
      function __togglekit_cd
          set -l options "\(commonOptions) $TOGGLEKIT_DEFAULT_OPTS $TOGGLEKIT_ALT_C_OPTS"
          set -l dir (TOGGLEKIT_DEFAULT_OPTS=$options command togglekit explore --dir . \(focusedPath) | string split0)
          if test (count $dir) -gt 0
              test -d $dir[1]; or set dir (path dirname -z -- $dir[1] | string split0)
              builtin cd -- $dir[1]
          end
          commandline -f repaint
      end
      """
    ]
    for mode in ["default", "insert"] {
      let guarded = mode == "insert" ? " 2>/dev/null" : ""
      if let key = keys.files {
        lines.append("bind -M \(mode) \(key.fish) __togglekit_files\(guarded)")
      }
      if let key = keys.changeDirectory {
        lines.append("bind -M \(mode) \(key.fish) __togglekit_cd\(guarded)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// A key a shell binds to a widget: `ctrl-a` … `ctrl-z` or `alt-a` … `alt-z`, `alt-0` … `alt-9`,
/// in fzf's names, written in each shell's own notation.
///
/// ```swift
/// ShellKey("ctrl-t")?.zsh   // "^T"
/// ```
package struct ShellKey: Hashable, Sendable {
  /// Whether the key is held with Ctrl (else Alt).
  package var control: Bool
  /// The letter or digit, lowercase.
  package var character: Character

  /// The key `name` names, nil when it is none of the keys above.
  package init?(_ name: String) {
    let parts = name.lowercased().split(separator: "-", maxSplits: 1)
    guard parts.count == 2, parts[1].count == 1, let character = parts[1].first,
      character.isASCII, character.isLetter || (character.isNumber && parts[0] == "alt"),
      parts[0] == "ctrl" || parts[0] == "alt"
    else { return nil }
    control = parts[0] == "ctrl"
    self.character = character
  }

  /// readline's notation (`\C-t`, `\ec`).
  var bash: String { control ? "\\C-\(character)" : "\\e\(character)" }
  /// zle's notation (`^T`, `\ec`).
  var zsh: String { control ? "^\(character.uppercased())" : "\\e\(character)" }
  /// fish's notation (`\ct`, `\ec`).
  var fish: String { control ? "\\c\(character)" : "\\e\(character)" }
}
