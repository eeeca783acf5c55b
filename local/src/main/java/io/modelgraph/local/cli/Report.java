package io.modelgraph.local.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * What a command found, ready for any output: the command, the groups it checked (each shows in the outputs even
 * with no findings, so a passing check is visible), the findings, whether the run fails, one summary line, and the
 * command's own JSON members for the {@code json} output. {@code stdoutTaken}: the command wrote its own result
 * on stdout (a converted schema), so a text report goes to stderr and the result can still be piped.
 * {@code details}: lines only the text output shows before the summary (a changelog), which the other outputs
 * carry in their own way or not at all.
 */
record Report(String command, List<String> groups, List<Finding> findings, boolean failed, String summary,
        ObjectNode payload, boolean stdoutTaken, List<String> details) {

    Report {
        groups = List.copyOf(groups);
        findings = List.copyOf(findings);
        payload = payload.deepCopy();
        details = List.copyOf(details);
    }

    Report(String command, List<String> groups, List<Finding> findings, boolean failed, String summary,
            ObjectNode payload) {
        this(command, groups, findings, failed, summary, payload, false, List.of());
    }

    /** The exit code the report calls for: 1 when it fails, else 0. */
    int exitCode() {
        return failed ? 1 : 0;
    }

    List<Finding> in(String group) {
        return findings.stream().filter(f -> f.group().equals(group)).toList();
    }
}
