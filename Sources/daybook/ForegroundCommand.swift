import Foundation

/// A command run in daybook's own process group, and waited for, as a shell runs a job in the
/// terminal's foreground: an editor reads and sets up the terminal only from that group.
/// (Foundation's `Process` gives its child a group of its own, in the background: `vi` was
/// stopped by SIGTTOU and `daybook add` hung.) Ctrl-C and Ctrl-\ reach the command and daybook
/// alike; while the command runs, daybook catches them with a handler that does nothing, which
/// the command does not inherit (exec makes a caught signal the default again), as git and
/// system(3) do, so that daybook is there to say what became of it.
struct ForegroundCommand {
    /// How the command ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signal(Int32)
    }

    var executable: String
    var arguments: [String]
    var environment: [String: String]

    /// Runs the command and waits for it; the reason when it cannot be started.
    func run() -> Result<Ending, SpawnError> {
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup($0.key + "=" + $0.value) }
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The default for the signals a program expects to end it (Swift ignores SIGPIPE), and no
        // signal blocked.
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&none)
        for number in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let previousInterrupt = signal(SIGINT) { _ in }, previousQuit = signal(SIGQUIT) { _ in }
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, executable, nil, &attributes, argv + [nil], envp + [nil])
        guard started == 0 else { return .failure(SpawnError(reason: String(cString: strerror(started)))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .failure(SpawnError(reason: String(cString: strerror(errno)))) }
        }
        // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import.
        let low = status & 0x7F
        return .success(low == 0 ? .exited((status >> 8) & 0xFF) : .signal(low))
    }

    struct SpawnError: Error {
        var reason: String
    }
}
