import Testing
import WalkscapeSystem

/// The suites that run a terminal loop (the player's, the catalogue's), one test at a time: a loop polls the
/// process-wide `StopSignals.received`, and `aStopSignalEndsTheLoop` raises a real signal into it, which would
/// stop any loop running beside it.
@Suite(.serialized) enum TerminalLoopTests {}
