package io.modelgraph.apikeys;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.api.Reply;
import io.modelgraph.auth.ApiKeyRecord;
import io.modelgraph.auth.ApiKeyStore;
import io.modelgraph.auth.Role;
import io.modelgraph.http.Body;
import io.modelgraph.http.Route;
import io.modelgraph.platform.Services;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code /v1/{projectId}/apiKeys}: Admin-only management of the keys machine-to-machine routes accept. */
public final class ApiKeyRoutes {

    public static List<Route> routes(Services services) {
        ApiKeyService keys = new ApiKeyService(new ApiKeyStore(services.dynamo(), services.stores().apiKeyTable()),
                services.clock());
        return List.of(
                Route.v1("POST", "/v1/{projectId}/apiKeys").body("label", "role").role(Role.Admin, call -> {
                    Body body = call.request().body();
                    String label = body.string("label").orElse("");
                    String roleText = body.requiredString("role");
                    Role role = Role.parse(roleText).orElseThrow(() -> ApiProblem.badRequest(body.at("role"),
                            "'" + roleText + "' is not a role; use Viewer, Editor or Admin."));
                    ApiKeyService.Created created = keys.create(call.projectId(), label, role, call.subject());
                    Map<String, Object> data = new LinkedHashMap<>();
                    data.put("id", created.id());
                    data.put("key", created.key());
                    data.put("label", created.label());
                    data.put("role", created.role().name());
                    data.put("createdAt", created.createdAt());
                    return Reply.data(data);
                }),
                Route.v1("GET", "/v1/{projectId}/apiKeys").role(Role.Admin,
                        call -> Reply.data(keys.list(call.projectId()).stream().map(ApiKeyRoutes::describe).toList())),
                Route.v1("DELETE", "/v1/{projectId}/apiKeys/{id}").role(Role.Admin, call -> {
                    keys.revoke(call.projectId(), call.request().pathParam("id"));
                    return Reply.empty();
                }));
    }

    private static Map<String, Object> describe(ApiKeyRecord r) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", r.keyId());
        out.put("label", r.label());
        out.put("role", r.role().name());
        out.put("createdAt", r.createdAt().toString());
        out.put("createdBy", r.createdBy());
        out.put("lastUsedAt", r.lastUsedAt().map(Object::toString).orElse(null));
        out.put("revoked", r.revoked());
        out.put("revokedAt", r.revokedAt().map(Object::toString).orElse(null));
        return out;
    }

    private ApiKeyRoutes() {
    }
}
