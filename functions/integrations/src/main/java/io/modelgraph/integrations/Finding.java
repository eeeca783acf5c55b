package io.modelgraph.integrations;

import java.util.Optional;

/** One audit finding, (docs/integrations.md "Audit"): section, severity, code, subject, message and an optional detail. */
public record Finding(String section, String severity, String code, String subject, String message,
        Optional<String> detail) {
    public static final String COVERAGE = "Coverage";
    public static final String DRIFT = "Drift";
    public static final String CONFORMANCE = "Conformance";
    /** The production-change review: a proposed dictionary against the live project's previous one. */
    public static final String PRODUCTION = "Production";
    public static final String ERROR = "Error";
    public static final String WARNING = "Warning";
    public static final String INFO = "Info";
}
