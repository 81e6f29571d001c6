import { redirect } from "react-router";

// Staff only (spec section 6). Until staff accounts exist nobody is signed in,
// so the server sends every visitor to /login.
export function loader() {
  throw redirect("/login");
}

export default function StaffOnly() {
  return null;
}
