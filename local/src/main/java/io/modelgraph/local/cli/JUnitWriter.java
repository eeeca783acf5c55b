package io.modelgraph.local.cli;

import java.util.List;

/**
 * The {@code junit} output: JUnit XML as CI servers read test reports. One {@code testsuite} per group; each
 * error is a failing {@code testcase}, each warning or note a passing one that carries its message in
 * {@code system-out}, and a group with nothing to report has one passing case, so a clean check still shows.
 * Written by hand (the JDK's XML writer would add nothing but weight): attribute and text values are escaped,
 * and characters XML 1.0 cannot hold are dropped.
 */
final class JUnitWriter {
    private JUnitWriter() {
    }

    static String write(Report report) {
        StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        int tests = 0;
        int failures = 0;
        for (String group : report.groups()) {
            List<Finding> findings = report.in(group);
            tests += Math.max(1, findings.size());
            failures += (int) findings.stream().filter(f -> f.severity() == Finding.Severity.ERROR).count();
        }
        out.append("<testsuites name=\"").append(escape("modelgraph " + report.command())).append("\" tests=\"")
                .append(tests).append("\" failures=\"").append(failures).append("\" errors=\"0\">\n");
        for (String group : report.groups()) {
            List<Finding> findings = report.in(group);
            long groupFailures = findings.stream().filter(f -> f.severity() == Finding.Severity.ERROR).count();
            String classname = "modelgraph." + report.command() + "." + group;
            out.append("  <testsuite name=\"").append(escape(group)).append("\" tests=\"")
                    .append(Math.max(1, findings.size())).append("\" failures=\"").append(groupFailures)
                    .append("\" errors=\"0\" skipped=\"0\">\n");
            if (findings.isEmpty()) {
                out.append("    <testcase name=\"").append(escape(group + ": no findings")).append("\" classname=\"")
                        .append(escape(classname)).append("\"/>\n");
            }
            for (Finding f : findings) {
                String name = f.rule() + (f.path().isEmpty() ? "" : " " + f.path());
                out.append("    <testcase name=\"").append(escape(name)).append("\" classname=\"")
                        .append(escape(classname)).append("\">\n");
                String text = location(f) + f.message();
                if (f.severity() == Finding.Severity.ERROR) {
                    out.append("      <failure type=\"").append(escape(f.rule())).append("\" message=\"")
                            .append(escape(f.message())).append("\">").append(escape(text)).append("</failure>\n");
                } else {
                    out.append("      <system-out>").append(escape(f.severity().label() + ": " + text))
                            .append("</system-out>\n");
                }
                out.append("    </testcase>\n");
            }
            out.append("  </testsuite>\n");
        }
        out.append("</testsuites>\n");
        return out.toString();
    }

    private static String location(Finding f) {
        if (f.file().isEmpty()) {
            return "";
        }
        return f.file() + (f.line() > 0 ? ":" + f.line() : "") + ": ";
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\n' -> out.append("&#10;");
                case '\r' -> out.append("&#13;");
                case '\t' -> out.append("&#9;");
                default -> {
                    if (allowed(c, text, i)) {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** XML 1.0's Char production: no control characters, no lone surrogates, no U+FFFE/U+FFFF. */
    private static boolean allowed(char c, String text, int i) {
        if (c < 0x20 || c == 0xFFFE || c == 0xFFFF) {
            return false;
        }
        if (Character.isHighSurrogate(c)) {
            return i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
        }
        return true;
    }
}
