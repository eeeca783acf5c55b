package io.modelgraph.local.cli;

/**
 * The {@code github} output: one workflow command per finding ({@code ::error file=…,line=…,title=…::message}),
 * which GitHub Actions shows as an annotation on the file and line, then the summary as a plain line. Values are
 * escaped as the runner expects: {@code %}, CR and LF everywhere, and {@code :} and {@code ,} in properties.
 */
final class GithubWriter {
    private GithubWriter() {
    }

    static String write(Report report) {
        StringBuilder out = new StringBuilder();
        for (Finding f : report.findings()) {
            out.append("::").append(f.severity().github());
            StringBuilder props = new StringBuilder();
            if (!f.file().isEmpty()) {
                props.append("file=").append(property(f.file()));
                if (f.line() > 0) {
                    props.append(",line=").append(f.line());
                }
            }
            props.append(props.length() == 0 ? "" : ",").append("title=").append(property(
                    (f.group().isEmpty() ? "" : f.group() + " ") + f.rule()));
            out.append(' ').append(props).append("::").append(data(message(f))).append('\n');
        }
        out.append(report.summary()).append('\n');
        return out.toString();
    }

    private static String message(Finding f) {
        return f.path().isEmpty() ? f.message() : f.path() + ": " + f.message();
    }

    static String data(String text) {
        return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    static String property(String text) {
        return data(text).replace(":", "%3A").replace(",", "%2C");
    }
}
