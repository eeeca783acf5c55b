package io.modelgraph.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.api.EnvelopeStyle;
import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.FatalError;
import io.modelgraph.api.Reply;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.auth.Authenticator;
import io.modelgraph.auth.Caller;
import io.modelgraph.auth.CredentialKind;
import io.modelgraph.auth.ProjectId;
import io.modelgraph.jobs.JobRecord;
import io.modelgraph.jobs.Jobs;
import io.modelgraph.jobs.WriteBudget;
import io.modelgraph.jobs.WriteDeferred;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.log.RequestLog;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Maps a request to its route, authenticates the caller, checks the role, runs the operation and
 * writes the route's envelope. Every failure leaves here as an envelope: logical errors with their
 * status, anything else as a fatal error with a tracking code that is also logged.
 */
public final class Router {
    private final List<Route> routes;
    private final Authenticator authenticator;
    /** Where a write that does not fit its request's time goes; without it such a write is refused (413). */
    private final Optional<Jobs> jobs;
    /** The measured write rate a request's budget is judged by. */
    private final WriteRate rate;
    /** The {@code Idempotency-Key} header on write routes; without it the header is not read. */
    private final Optional<IdempotencyKeys> keys;

    public Router(List<Route> routes, Authenticator authenticator) {
        this(routes, authenticator, Optional.empty(), WriteRate.from(System.getenv()), Optional.empty());
    }

    private Router(List<Route> routes, Authenticator authenticator, Optional<Jobs> jobs, WriteRate rate,
            Optional<IdempotencyKeys> keys) {
        this.routes = List.copyOf(routes);
        this.authenticator = authenticator;
        this.jobs = jobs;
        this.rate = rate;
        this.keys = keys;
    }

    /** This router, deferring writes that do not fit their request's time to {@code jobs}. */
    public Router withJobs(Jobs jobs) {
        return new Router(routes, authenticator, Optional.of(jobs), rate, keys);
    }

    /** This router, judging budgets by {@code rate} (tests lower it to send small writes through jobs). */
    public Router withRate(WriteRate rate) {
        return new Router(routes, authenticator, jobs, rate, keys);
    }

    /** This router, honouring {@code Idempotency-Key} on its write routes (docs/idempotency.md). */
    public Router withIdempotency(IdempotencyKeys idempotency) {
        return new Router(routes, authenticator, jobs, rate, Optional.of(idempotency));
    }

    public WriteRate rate() {
        return rate;
    }

    public List<Route> routes() {
        return routes;
    }

    /** A request without a deadline (tests, the demo loader): its writes never become jobs. */
    public APIGatewayV2HTTPResponse dispatch(ApiRequest request) {
        return dispatch(request, WriteBudget.unbounded(), RequestLog.STDOUT);
    }

    /** Dispatches and writes one line to {@code log} (access log and EMF metrics) whatever the outcome. */
    public APIGatewayV2HTTPResponse dispatch(ApiRequest request, RequestLog log) {
        return dispatch(request, WriteBudget.unbounded(), log);
    }

    /** Dispatches with the function's deadline: a write that cannot finish before it becomes a job. */
    public APIGatewayV2HTTPResponse dispatch(ApiRequest request, WriteBudget budget) {
        return dispatch(request, budget, RequestLog.STDOUT);
    }

    /** Both of the above: the deadline, and one line to {@code log} whatever the outcome. */
    public APIGatewayV2HTTPResponse dispatch(ApiRequest request, WriteBudget budget, RequestLog log) {
        long started = System.nanoTime();
        Trace trace = new Trace();
        APIGatewayV2HTTPResponse response = dispatch(request, budget, trace);
        log.record(new RequestLog.Entry(request.requestId(), trace.route, trace.projectId, trace.subject,
                response.getStatusCode(), (System.nanoTime() - started) / 1e6));
        return response;
    }

    /**
     * What the log line may say about a request, filled in as dispatch learns it: the route template (never the raw
     * path, which would make one metric per project), the project once it is a valid id, the subject once
     * authenticated. Mutable and local to one dispatch.
     */
    private static final class Trace {
        String route = "";
        String projectId = "";
        String subject = "";
    }

    private APIGatewayV2HTTPResponse dispatch(ApiRequest request, WriteBudget budget, Trace trace) {
        EnvelopeStyle style = request.path().startsWith("/graph/") ? EnvelopeStyle.TRANSFORM : EnvelopeStyle.V1;
        Route route = null;
        Call call = null;
        ApiRequest matched = request;
        try {
            Optional<Map<String, String>> params = Optional.empty();
            // The gateway already chose a route: honour it, so overlapping templates resolve as on AWS.
            for (Route candidate : routes) {
                if (candidate.routeKey().equals(request.routeKey())) {
                    params = candidate.match(request.method(), request.path());
                    if (params.isPresent()) {
                        route = candidate;
                    }
                    break;
                }
            }
            if (route == null) {
                for (Route candidate : routes) {
                    params = candidate.match(request.method(), request.path());
                    if (params.isPresent()) {
                        route = candidate;
                        break;
                    }
                }
            }
            if (route == null) {
                throw ApiProblem.notFound("route", "No route " + request.method() + " " + request.path() + ".");
            }
            style = route.style();
            trace.route = route.routeKey();
            matched = request.pathParams().isEmpty() ? request.withPathParams(params.get()) : request;
            String projectParam = matched.pathParams().get("projectId");
            trace.projectId = ProjectId.isValid(projectParam) ? projectParam : "";
            call = authorize(route, matched, budget, trace);
            route.inputs().check(matched, route.style());
            CallerStrings.check(matched, route);
            IdempotencyKeys.Begin begin = keys.isPresent() ? keys.get().begin(route, call) : IdempotencyKeys.UNTRACKED;
            if (begin instanceof IdempotencyKeys.Replay replay) {
                return replay.response();
            }
            if (begin instanceof IdempotencyKeys.Claimed claimed) {
                // the answer, whatever it is, is what a retry with the key gets
                APIGatewayV2HTTPResponse answer = operate(route, matched, call, request);
                keys.get().finish(claimed, answer);
                return answer;
            }
            return ConditionalReads.apply(matched, render(route, matched, route.operation().handle(call)));
        } catch (Exception | Error e) {
            return failed(e, style, route, matched, call, request);
        }
    }

    /** Runs the operation and renders every outcome, as {@link #dispatch} does after the caller is known. */
    private APIGatewayV2HTTPResponse operate(Route route, ApiRequest matched, Call call, ApiRequest request) {
        try {
            return render(route, matched, route.operation().handle(call));
        } catch (Exception | Error e) {
            return failed(e, route.style(), route, matched, call, request);
        }
    }

    /**
     * The envelope for a request that ended in {@code thrown}, wherever it was thrown: one mapping, so a write
     * run under an idempotency key answers exactly as the same write without one. {@code route} and {@code call}
     * are null when the request failed before they were known.
     */
    private APIGatewayV2HTTPResponse failed(Throwable thrown, EnvelopeStyle style, Route route, ApiRequest matched,
            Call call, ApiRequest request) {
        if (thrown instanceof ApiProblem problem) {
            return renderProblem(style, problem);
        }
        if (thrown instanceof io.modelgraph.codec.InvalidOptionException option) {
            // codecs name the option they refuse without knowing the API: the caller's input, so a logical 400
            return renderProblem(style, TransformFailure.of(option.path(), option.getMessage()));
        }
        if (thrown instanceof io.modelgraph.codec.UnrepresentableModelException unrepresentable) {
            // the target format has no form for this model (docs/api.md, errors): the caller's input, a 422
            return renderProblem(style, TransformFailure.unprocessable(unrepresentable.path(),
                    unrepresentable.getMessage()));
        }
        if (thrown instanceof WriteDeferred deferred && route != null) {
            return defer(route, matched, call, deferred);
        }
        if (thrown instanceof io.modelgraph.graph.store.ItemTooLargeException tooLarge) {
            // the caller's value does not fit a DynamoDB item once merged: its input, so a logical 413
            return renderProblem(style, ApiProblem.tooLarge(tooLarge.path(), tooLarge.getMessage()));
        }
        if (thrown instanceof io.modelgraph.graph.store.StoreConflictException conflict) {
            // a concurrent writer won and nothing was written: the caller may retry, it is not a fault
            return renderProblem(style, ApiProblem.conflict("", conflict.getMessage()));
        }
        // A stack overflow has unwound by now and leaves the JVM sound: answer it in the envelope with a tracking
        // code (places that parse caller text turn it into a logical error before it gets here).
        if (thrown instanceof VirtualMachineError error && !(thrown instanceof OutOfMemoryError)
                && !(thrown instanceof StackOverflowError)) {
            throw error;
        }
        FatalError fatal = FatalError.record(thrown, Map.of(
                "route", route == null ? request.method() + " " + request.path() : route.routeKey(),
                "requestId", request.requestId()));
        return renderFatal(style, fatal);
    }

    /**
     * The write did not fit the request's time and nothing was written: store the request as a job and answer
     * 202 with where to read it (the job route of the same surface). Without jobs: 413, nothing written.
     */
    private APIGatewayV2HTTPResponse defer(Route route, ApiRequest request, Call call, WriteDeferred deferred) {
        if (jobs.isEmpty() || call == null) {
            return renderProblem(route.style(), ApiProblem.tooLarge("", deferred.getMessage().replace(
                    "so it runs as a job", "and this deployment runs no jobs") + ". Nothing was written."));
        }
        JobRecord job;
        try {
            // reading the job asks the role its call was made with: a write's (Admin for every deferred write
            // today), not the door role of routes that let Viewers in for dry runs
            io.modelgraph.auth.Role role = call.caller().roleOn(call.projectId())
                    .orElse(route.minimumRole().orElse(io.modelgraph.auth.Role.Viewer));
            job = jobs.get().defer(request, route.routeKey(), route.style(), role, call.projectId(), call.subject(),
                    deferred.units());
        } catch (RuntimeException e) {
            // the job could not be stored or started; nothing was written: a fault of ours, with a tracking code
            return renderFatal(route.style(), FatalError.record(e, Map.of("route", route.routeKey(),
                    "requestId", request.requestId(), "event", "jobNotStarted")));
        }
        String location = Jobs.statusPath(route.style(), request.path(), call.projectId(), job.jobId());
        ObjectNode described = Json.object();
        described.put("jobId", job.jobId());
        described.put("state", job.state().name());
        described.put("changes", deferred.units());
        described.put("statusUrl", location);
        described.put("reason", deferred.getMessage() + "; read the answer at the status URL.");
        Reply reply = route.style() == EnvelopeStyle.TRANSFORM
                ? new Reply.Transform((ObjectNode) Json.object().set("job", described), List.of(), 202)
                : new Reply.Data(Optional.of(described), 202);
        APIGatewayV2HTTPResponse response = render(route, request, reply);
        java.util.Map<String, String> headers = new java.util.HashMap<>(response.getHeaders());
        headers.put("Location", location);
        response.setHeaders(headers);
        return response;
    }

    private Call authorize(Route route, ApiRequest request, WriteBudget budget, Trace trace) {
        Caller caller = route.credential() == CredentialKind.API_KEY
                ? authenticator.fromApiKeyContext(request.authorizerContext())
                : authenticator.fromJwtClaims(request.jwtClaims());
        trace.subject = caller.subject(); // known before the role check, so a refusal names who was refused
        String projectId = "";
        if (route.projectScoped()) {
            projectId = ProjectId.require(request.pathParams().get("projectId"));
            caller.require(projectId, route.minimumRole().orElse(io.modelgraph.auth.Role.Viewer));
        }
        return new Call(request, caller, projectId, budget);
    }

    // ---- rendering ---------------------------------------------------------------------------

    private static APIGatewayV2HTTPResponse render(Route route, ApiRequest request, Reply reply) {
        if (reply instanceof Reply.Data data) {
            ObjectNode envelope = Json.object();
            envelope.put("success", true);
            data.data().ifPresent(d -> envelope.set("data", Json.valueToTree(d)));
            return respond(data.status(), route.negotiatesContentType() ? negotiate(request) : "application/json",
                    Json.write(envelope));
        }
        if (reply instanceof Reply.Transform t) {
            ObjectNode envelope = Json.object();
            envelope.put("success", true);
            envelope.set("lossiness", lossiness(t.lossiness()));
            envelope.set("errors", Json.array());
            t.payload().fields().forEachRemaining(f -> envelope.set(f.getKey(), f.getValue()));
            return respond(t.status(), "application/json", Json.write(envelope));
        }
        Reply.Raw raw = (Reply.Raw) reply;
        // raw bodies are live status (the audit badge): caches, shields and READMEs must ask again every time
        APIGatewayV2HTTPResponse response = respond(raw.status(), raw.contentType(), raw.body());
        java.util.Map<String, String> headers = new java.util.HashMap<>(response.getHeaders());
        headers.put("Cache-Control", "no-cache, no-store, must-revalidate, max-age=0");
        headers.put("Pragma", "no-cache");
        response.setHeaders(headers);
        return response;
    }

    /** The API declares application/json, text/json and text/plain for some operations, same body (docs/exchange.md). */
    static String negotiate(ApiRequest request) {
        return AcceptHeader.choose(request.headers().get("Accept").orElse(""), NEGOTIATED);
    }

    /** In order of preference when the caller weighs them equally. */
    private static final List<String> NEGOTIATED = List.of("application/json", "text/json", "text/plain");

    public static APIGatewayV2HTTPResponse renderProblem(EnvelopeStyle style, ApiProblem problem) {
        if (style == EnvelopeStyle.TRANSFORM) {
            ObjectNode envelope = Json.object();
            envelope.put("success", false);
            List<LossEntry> lost = problem instanceof TransformFailure f ? f.lossiness() : List.of();
            List<ErrorEntry> errors = problem instanceof TransformFailure f ? f.errors()
                    : List.of(new ErrorEntry(problem.path(), problem.getMessage()));
            envelope.set("lossiness", lossiness(lost));
            ArrayNode list = envelope.putArray("errors");
            errors.forEach(e -> list.addObject().put("path", e.path()).put("message", e.message()));
            return respond(problem.status(), "application/json", Json.write(envelope));
        }
        ObjectNode envelope = Json.object();
        envelope.put("success", false);
        String where = problem.path();
        String message = where.isEmpty() || problem instanceof io.modelgraph.api.ApiProblems
                ? problem.getMessage() : where + ": " + problem.getMessage();
        envelope.putObject("error").put("isFatal", false).put("message", message);
        return respond(problem.status(), "application/json", Json.write(envelope));
    }

    public static APIGatewayV2HTTPResponse renderFatal(EnvelopeStyle style, FatalError fatal) {
        ObjectNode envelope = Json.object();
        envelope.put("success", false);
        if (style == EnvelopeStyle.TRANSFORM) {
            envelope.putArray("lossiness");
            envelope.putArray("errors").addObject().put("path", "").put("message", fatal.message());
        } else {
            envelope.putObject("error").put("isFatal", true).put("message", fatal.message());
        }
        return respond(500, "application/json", Json.write(envelope));
    }

    private static ArrayNode lossiness(List<LossEntry> entries) {
        ArrayNode list = Json.array();
        for (LossEntry e : entries) {
            list.addObject().put("kind", e.kind().name()).put("path", e.path()).put("explanation", e.explanation());
        }
        return list;
    }

    private static APIGatewayV2HTTPResponse respond(int status, String contentType, String body) {
        return APIGatewayV2HTTPResponse.builder()
                .withStatusCode(status)
                .withHeaders(Map.of("Content-Type", contentType.startsWith("text/") || contentType.contains("json")
                        ? contentType + "; charset=utf-8" : contentType))
                .withBody(body)
                .withIsBase64Encoded(false)
                .build();
    }
}
