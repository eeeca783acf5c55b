package io.modelgraph.local;

import io.modelgraph.http.Route;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * All routes of all groups, matched the way an HTTP API selects a route: the method must match, and
 * among the templates that match the path the most specific wins (a literal segment beats a
 * {@code {parameter}} at the first position where they differ). No match is API Gateway's 404.
 */
public final class RouteTable {

    /** A matched route: its group, the route and the decoded path parameters. */
    public record Match(RouteGroup group, Route route, Map<String, String> pathParameters) {
    }

    private record Entry(RouteGroup group, Route route) {
    }

    private final List<Entry> entries = new ArrayList<>();

    public RouteTable(List<RouteGroup> groups) {
        Map<String, String> seen = new HashMap<>();
        for (RouteGroup group : groups) {
            for (Route route : group.routes()) {
                String previous = seen.put(route.routeKey(), group.name());
                if (previous != null) {
                    throw new IllegalStateException("Route " + route.routeKey() + " is declared by both the "
                            + previous + " and the " + group.name() + " group.");
                }
                entries.add(new Entry(group, route));
            }
        }
        entries.sort(Comparator.comparing(e -> specificity(e.route().template())));
    }

    public Optional<Match> match(String method, String path) {
        for (Entry e : entries) {
            Optional<Map<String, String>> params = e.route().match(method, path);
            if (params.isPresent()) {
                return Optional.of(new Match(e.group(), e.route(), params.get()));
            }
        }
        return Optional.empty();
    }

    public List<Route> routes() {
        return entries.stream().map(Entry::route).toList();
    }

    /** Sorts literal segments ('0') before parameters ('1'), position by position. */
    private static String specificity(String template) {
        StringBuilder key = new StringBuilder();
        for (String segment : template.split("/")) {
            if (!segment.isEmpty()) {
                key.append(segment.startsWith("{") ? '1' : '0');
            }
        }
        return key.toString();
    }
}
