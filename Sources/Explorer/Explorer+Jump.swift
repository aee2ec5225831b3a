import ToggleKit

extension Explorer {
  /// The labels `jump` puts on the rows shown, in order (fzf's `--jump-labels` default).
  package static let defaultJumpLabels = Array(
    "asdfghjklqwertyuiopzxcvbnm1234567890ASDFGHJKLQWERTYUIOPZXCVBNM`~;:,<.>/?'\"!@#$%^&*()[{]}-_=+"
  )

  /// The label of each row shown while jumping, by its place on the screen (as many as there are
  /// labels).
  var jumpLabelsShown: [Character] {
    Array(settings.jumpLabels.prefix(visibleRows.count))
  }

  /// Starts labelling the rows shown (``ExplorerAction/jump``); nothing to jump to, nothing
  /// happens.
  mutating func startJumping() {
    guard !visibleRows.isEmpty, !settings.jumpLabels.isEmpty else { return }
    isJumping = true
  }

  /// The key after `jump`: a row's label focuses that row (`jump` fires); any other key cancels
  /// (`jump-cancel` fires) and does nothing else.
  mutating func finishJumping(with key: Key) {
    isJumping = false
    let rows = visibleRows
    if case .character(let character) = key,
      let place = settings.jumpLabels.prefix(rows.count).firstIndex(of: character)
    {
      cursor = rows[place]
      pendingEvents.append(.jump)
    } else {
      pendingEvents.append(.jumpCancel)
    }
  }

  /// The row drawn with its jump label in front, while jumping.
  func labelled(_ row: Row, place: Int) -> Row {
    guard isJumping, place < settings.jumpLabels.count else { return row }
    let label = Row(
      String(settings.jumpLabels[place]),
      style: TextStyle(bold: true, foreground: .red))
    return label + Row(" ") + row
  }
}
