package io.modelgraph.local.cli;

/** The {@code text} output: one block per group with its findings, then the summary line. For people. */
final class TextWriter {
    private TextWriter() {
    }

    static String write(Report report) {
        StringBuilder out = new StringBuilder();
        for (String group : report.groups()) {
            java.util.List<Finding> findings = report.in(group);
            long errors = findings.stream().filter(f -> f.severity() == Finding.Severity.ERROR).count();
            out.append(group).append(": ").append(errors > 0 ? "FAIL" : "ok").append(" (")
                    .append(findings.size()).append(findings.size() == 1 ? " finding" : " findings").append(")\n");
            for (Finding f : findings) {
                out.append("  ").append(f.severity().label()).append(' ').append(f.rule());
                String where = where(f);
                if (!where.isEmpty()) {
                    out.append(' ').append(where);
                }
                out.append(": ").append(oneLine(f.message())).append('\n');
            }
        }
        report.details().forEach(d -> out.append(d).append('\n'));
        out.append(report.summary()).append('\n');
        return out.toString();
    }

    private static String where(Finding f) {
        StringBuilder w = new StringBuilder();
        if (!f.file().isEmpty()) {
            w.append(f.file());
            if (f.line() > 0) {
                w.append(':').append(f.line());
            }
        }
        if (!f.path().isEmpty()) {
            w.append(w.length() == 0 ? "" : " ").append(f.path());
        }
        return w.toString();
    }

    static String oneLine(String text) {
        return text.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
    }
}
