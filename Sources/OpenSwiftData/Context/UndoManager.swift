#if !canImport(ObjectiveC)
import Foundation

/// Foundation's undo manager, for platforms whose Foundation has none (Linux), so that
/// `context.undoManager = UndoManager()` and SwiftUI-free undo code compile and work.
///
/// It keeps Foundation's spelling and rules: actions registered together form a group;
/// ``undo()`` runs the newest group's actions in reverse, and what they register in turn
/// becomes the group ``redo()`` runs; a new registration outside undo and redo clears
/// the redo stack. Without a run loop there are no events, so with ``groupsByEvent``
/// (the default) a registration outside any group opens one that stays open until
/// ``endUndoGrouping()``, ``undo()``, or the `ModelContext` using this manager processes
/// its pending changes or saves.
///
/// Like a `ModelContext`, an undo manager belongs to one thread or actor.
open class UndoManager {
    private struct Group {
        var actions: [() -> Void] = []
        var name = ""
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    /// The group being built, while ``groupingLevel`` > 0.
    private var openGroup: Group?
    /// The open group was opened by a registration, not by ``beginUndoGrouping()``.
    private var openedByEvent = false
    private var disabledCount = 0

    /// Whether a registration outside a group opens one (see the type's discussion).
    open var groupsByEvent = true
    /// How many groups ``undo()`` can go back; 0 (the default) is no limit.
    open var levelsOfUndo = 0 {
        didSet { trimUndoStack() }
    }
    /// How deeply groups are nested now; 0 outside any group.
    open private(set) var groupingLevel = 0
    /// True while ``undo()`` runs the actions of a group.
    open private(set) var isUndoing = false
    /// True while ``redo()`` runs the actions of a group.
    open private(set) var isRedoing = false

    /// An undo manager with nothing to undo or redo.
    public init() {}

    /// False while registration is disabled: registered actions are dropped.
    open var isUndoRegistrationEnabled: Bool { disabledCount == 0 }
    /// Drops registrations until a matching ``enableUndoRegistration()``; calls nest.
    open func disableUndoRegistration() { disabledCount += 1 }
    /// Undoes one ``disableUndoRegistration()``.
    open func enableUndoRegistration() {
        if disabledCount > 0 { disabledCount -= 1 }
    }

    /// True when there is a group to undo.
    open var canUndo: Bool { !undoStack.isEmpty || !(openGroup?.actions.isEmpty ?? true) }
    /// True when there is a group to redo.
    open var canRedo: Bool { !redoStack.isEmpty }
    /// The name of the group ``undo()`` would undo; empty when unnamed.
    open var undoActionName: String { undoStack.last?.name ?? "" }
    /// The name of the group ``redo()`` would redo; empty when unnamed.
    open var redoActionName: String { redoStack.last?.name ?? "" }

    /// Names the group being built (or the newest one), as an Undo menu would show it.
    open func setActionName(_ actionName: String) {
        if openGroup != nil { openGroup?.name = actionName } else if !undoStack.isEmpty { undoStack[undoStack.count - 1].name = actionName }
    }

    /// Opens a group: actions registered until the matching ``endUndoGrouping()`` are undone together.
    open func beginUndoGrouping() {
        if groupingLevel == 0 {
            openGroup = Group()
            openedByEvent = false
        }
        groupingLevel += 1
    }

    /// Closes the group ``beginUndoGrouping()`` opened.
    open func endUndoGrouping() {
        guard groupingLevel > 0 else {
            Log.logger.warning("endUndoGrouping() without a matching beginUndoGrouping() is ignored")
            return
        }
        groupingLevel -= 1
        guard groupingLevel == 0, let group = openGroup else { return }
        openGroup = nil
        openedByEvent = false
        close(group)
    }

    /// Records `handler` to run on `target` when the current group is undone (or redone).
    ///
    /// As Foundation's, the manager does not keep the target: whoever undoes keeps the
    /// manager (a `ModelContext` its `undoManager`), and the two would keep each other for
    /// ever. An action whose target is gone does nothing.
    open func registerUndo<TargetType: AnyObject>(withTarget target: TargetType, handler: @escaping (TargetType) -> Void) {
        guard isUndoRegistrationEnabled else { return }
        if groupingLevel == 0 {
            beginUndoGrouping()
            openedByEvent = true
        }
        openGroup?.actions.append { [weak target] in
            if let target { handler(target) }
        }
        if !isUndoing && !isRedoing { redoStack.removeAll() }
    }

    /// Ends the group a registration opened; the context calls it where an app's run
    /// loop would end an event.
    func endEventGroup() {
        if openedByEvent, groupingLevel == 1 { endUndoGrouping() }
    }

    /// Closes any open group, then runs the newest group's actions in reverse order; what they register becomes the group ``redo()`` runs.
    open func undo() {
        endEventGroup()
        guard groupingLevel == 0 else {
            Log.logger.warning("undo() inside an undo group is ignored: end the group with endUndoGrouping() first")
            return
        }
        guard let group = undoStack.popLast() else { return }
        isUndoing = true
        let redo = replay(group)
        isUndoing = false
        if !redo.actions.isEmpty { redoStack.append(redo) }
    }

    /// Runs the group the last ``undo()`` registered; what it registers can be undone again.
    open func redo() {
        guard groupingLevel == 0, let group = redoStack.popLast() else { return }
        isRedoing = true
        let undo = replay(group)
        isRedoing = false
        if !undo.actions.isEmpty {
            undoStack.append(undo)
            trimUndoStack()
        }
    }

    /// Forgets every group, to undo and to redo.
    open func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        openGroup = groupingLevel > 0 ? Group() : nil
    }

    /// Runs a group's actions newest first, collecting what they register.
    private func replay(_ group: Group) -> Group {
        let saved = (openGroup, groupingLevel, openedByEvent)
        openGroup = Group(name: group.name)
        groupingLevel = 1
        for action in group.actions.reversed() { action() }
        let inverse = openGroup ?? Group()
        (openGroup, groupingLevel, openedByEvent) = saved
        return inverse
    }

    private func close(_ group: Group) {
        guard !group.actions.isEmpty else { return }
        undoStack.append(group)
        trimUndoStack()
    }

    private func trimUndoStack() {
        if levelsOfUndo > 0, undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
    }
}
#endif
