import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // The staff layout's middleware is the one staff check (app/routes/staff-layout.tsx).
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    // Loaders and middleware see the request as it came: the staff check tells a data request
    // (its address ends in .data) from a page by it.
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
