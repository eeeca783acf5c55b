package io.modelgraph.local.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One command's arguments: {@code --name value} (or {@code --name=value}) options, {@code --flag} switches and
 * positional operands, checked against the names the command declares. {@code --} ends the options, so a file
 * named like an option can still be given.
 */
record Args(Map<String, String> options, Set<String> flags, List<String> operands) {

    Args {
        options = Map.copyOf(options);
        flags = Set.copyOf(flags);
        operands = List.copyOf(operands);
    }

    /**
     * Parses {@code args} (without the command word). {@code valued}: options that take a value; {@code switches}:
     * those that do not. A repeated option, an unknown name or a missing value is a usage error naming it.
     */
    static Args parse(String command, List<String> args, Set<String> valued, Set<String> switches)
            throws UsageException {
        Map<String, String> options = new LinkedHashMap<>();
        Set<String> flags = new java.util.LinkedHashSet<>();
        List<String> operands = new ArrayList<>();
        boolean optionsEnded = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (optionsEnded || !arg.startsWith("--") || arg.equals("-")) {
                operands.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                optionsEnded = true;
                continue;
            }
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
            if (switches.contains(name)) {
                if (eq >= 0) {
                    throw new UsageException("--" + name + " takes no value (" + command + ")");
                }
                flags.add(name);
                continue;
            }
            if (!valued.contains(name)) {
                throw new UsageException("unknown option '--" + name + "' for " + command);
            }
            String value;
            if (eq >= 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                value = args.get(++i);
            } else {
                throw new UsageException("--" + name + " needs a value (" + command + ")");
            }
            if (value.isBlank()) {
                throw new UsageException("--" + name + " must not be blank (" + command + ")");
            }
            if (options.putIfAbsent(name, value) != null) {
                throw new UsageException("--" + name + " is given twice (" + command + ")");
            }
        }
        return new Args(options, flags, operands);
    }

    Optional<String> option(String name) {
        return Optional.ofNullable(options.get(name));
    }

    boolean flag(String name) {
        return flags.contains(name);
    }
}
