import Foundation
import Testing
@testable import CommandLineSupport

/// A progress bar fits the terminal it is drawn on: a line as wide as the terminal wraps,
/// and each redraw then leaves a row of its own.
@Suite struct ProgressBarTests {
    @Test func aBarOnANarrowTerminalIsNarrowerThanTheTerminal() {
        for columns in [12, 20, 40, 56, 80] {
            for completed in [1, 1_500, 300_000] {
                let line = ProgressBar.line("Importing", completed: completed, of: 300_000, columns: columns)
                // Before: "Importing " and 30 columns of bar, then "0% (1/300000)": 54 columns and more, whatever the terminal.
                #expect(TerminalWidth.of(line) < columns, "\(columns) columns: \(line)")
            }
        }
        #expect(ProgressBar.line("Importing", completed: 150_000, of: 300_000, columns: 80)
                    == "Importing " + String(repeating: "█", count: 15) + String(repeating: "░", count: 15) + " 50% (150000/300000)")
        #expect(ProgressBar.line("Importing", completed: 150_000, of: 300_000, columns: 30) == "Importing 50% (150000/300000)")
        #expect(ProgressBar.line("Importing", completed: 150_000, of: 300_000, columns: nil).contains(String(repeating: "█", count: 15)))
    }
}
