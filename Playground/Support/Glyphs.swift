import ToggleKit

/// `[x]`, `[ ]` or `[-]` for a state.
func box(_ state: ToggleState) -> String {
  switch state {
  case .on: "[x]"
  case .off: "[ ]"
  case .mixed: "[-]"
  }
}

/// `[x]` or `[ ]` for a Bool.
func box(_ isOn: Bool) -> String {
  box(isOn ? ToggleState.on : .off)
}

/// `x` or `_` for a source's value, in parentheses when the source is locked.
func mark(_ isOn: Bool, locked: Bool = false) -> String {
  let glyph = isOn ? "x" : "_"
  return locked ? "(\(glyph))" : glyph
}
