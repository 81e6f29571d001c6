import { Form } from "react-router";

/** 'Find Customer': by name, email or phone, across every date (the /customers page answers). */
export function CustomerSearchForm({ query = "" }: { query?: string }) {
  return (
    <Form method="get" action="/customers" className="customer-search" role="search">
      <div className="field">
        <label htmlFor="customer-query">Name, email or phone</label>
        <input
          key={query}
          id="customer-query"
          name="q"
          type="search"
          defaultValue={query}
          minLength={2}
          maxLength={100}
          required
          autoComplete="off"
        />
      </div>
      <button type="submit" className="button">
        Find Customer
      </button>
    </Form>
  );
}
