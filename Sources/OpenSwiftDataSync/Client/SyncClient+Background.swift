import Foundation
import OpenSwiftData

extension SyncClient {
    /// Starts syncing in the background of a long-lived process: at once, shortly after
    /// each save of the app's own to the container, and every `interval` to fetch what
    /// other devices sent. Each sync's outcome is in ``status``; a failing or offline sync
    /// is tried again at the next save or interval. Starting again while started changes
    /// the timing only. The client is kept alive while it syncs in the background, until
    /// ``stopSyncing()``.
    ///
    /// - Parameters:
    ///   - interval: how long to wait between syncs when the app saves nothing.
    ///   - delayAfterSave: how long to wait after a save before syncing, so that a burst
    ///     of saves goes in one sync.
    public func startSyncing(every interval: Duration = .seconds(60), delayAfterSave: Duration = .seconds(2)) {
        background.interval = interval
        background.delayAfterSave = delayAfterSave
        guard background.loop == nil else { return }
        let container = modelContainer, author = author
        background.saveObserver = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) {
            [weak self] notification in
            guard let context = notification.object as? ModelContext, context.container === container,
                  context.author != author else { return }
            Task { await self?.noteLocalSave() }
        }
        background.loop = Task {
            while !Task.isCancelled {
                try? await self.syncOnce()
                await self.waitForNextSync()
            }
        }
    }

    /// Stops background syncing; a sync under way finishes first.
    public func stopSyncing() {
        if let observer = background.saveObserver { NotificationCenter.default.removeObserver(observer) }
        background.saveObserver = nil
        background.loop?.cancel()
        background.loop = nil
        wakeBackgroundLoop()
    }

    /// Whether ``startSyncing(every:delayAfterSave:)`` is in effect.
    public var isSyncingInBackground: Bool { background.loop != nil }

    private func noteLocalSave() {
        guard background.loop != nil, !background.saveWakeScheduled else { return }
        background.saveWakeScheduled = true
        let delay = background.delayAfterSave
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            await self?.wakeAfterSave()
        }
    }

    private func wakeAfterSave() {
        background.saveWakeScheduled = false
        wakeBackgroundLoop()
    }

    /// Returns after the interval, or sooner when a save or ``stopSyncing()`` wakes the loop.
    private func waitForNextSync() async {
        if background.wakePending || background.loop == nil {
            background.wakePending = false
            return
        }
        let interval = background.interval
        let timer = Task { [weak self] in
            try? await Task.sleep(for: interval)
            await self?.wakeBackgroundLoop()
        }
        await withCheckedContinuation { background.waiter = $0 }
        timer.cancel()
    }

    private func wakeBackgroundLoop() {
        if let waiter = background.waiter {
            background.waiter = nil
            waiter.resume()
        } else {
            background.wakePending = true
        }
    }
}

/// The background loop's state, kept by its client.
struct SyncBackgroundState {
    var loop: Task<Void, Never>?
    var saveObserver: (any NSObjectProtocol)?
    var waiter: CheckedContinuation<Void, Never>?
    var wakePending = false
    var saveWakeScheduled = false
    var interval: Duration = .seconds(60)
    var delayAfterSave: Duration = .seconds(2)
}
