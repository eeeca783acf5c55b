package io.modelgraph.api;

/**
 * A logical error: the caller's request is wrong. Carries the HTTP status, the place in the
 * request that is wrong ({@code path}, such as {@code query.pageSize} or {@code body.nodes[3].label})
 * and a message that says what is wrong. Rendered in the route's envelope; never logged as a fault.
 */
public class ApiProblem extends RuntimeException {
    private final int status;
    private final String path;

    public ApiProblem(int status, String path, String message) {
        super(message, null, false, false);
        this.status = status;
        this.path = path == null ? "" : path;
    }

    public int status() {
        return status;
    }

    /** Where in the request the problem is; empty when it concerns the request as a whole. */
    public String path() {
        return path;
    }

    public static ApiProblem badRequest(String path, String message) {
        return new ApiProblem(400, path, message);
    }

    public static ApiProblem notFound(String path, String message) {
        return new ApiProblem(404, path, message);
    }

    public static ApiProblem unauthorized(String message) {
        return new ApiProblem(401, "Authorization", message);
    }

    public static ApiProblem conflict(String path, String message) {
        return new ApiProblem(409, path, message);
    }

    public static ApiProblem tooLarge(String path, String message) {
        return new ApiProblem(413, path, message);
    }

    public static ApiProblem unsupportedMediaType(String message) {
        return new ApiProblem(415, "Content-Type", message);
    }
}
