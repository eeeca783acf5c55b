package io.modelgraph.api;

import java.util.List;

/**
 * Several logical errors found at once (a bulk call validates every entry before writing),
 * reported together so the caller can fix them in one go.
 */
public final class ApiProblems extends ApiProblem {
    private final List<ApiProblem> problems;

    public ApiProblems(int status, List<ApiProblem> problems) {
        super(status, problems.isEmpty() ? "" : problems.get(0).path(), summarize(problems));
        this.problems = List.copyOf(problems);
    }

    public List<ApiProblem> problems() {
        return problems;
    }

    private static String summarize(List<ApiProblem> problems) {
        StringBuilder text = new StringBuilder();
        text.append(problems.size()).append(problems.size() == 1 ? " invalid entry: " : " invalid entries: ");
        for (int i = 0; i < problems.size(); i++) {
            if (i > 0) {
                text.append("; ");
            }
            ApiProblem p = problems.get(i);
            // each message is a sentence; drop its final period so the list does not read ".;"
            String message = p.getMessage().endsWith(".") ? p.getMessage().substring(0, p.getMessage().length() - 1)
                    : p.getMessage();
            text.append(p.path().isEmpty() ? "" : p.path() + ": ").append(message);
        }
        return text.append('.').toString();
    }
}
