import type { ReactNode } from "react";
import { AdminOnly } from "@/features/admin/admin-only";

export default function AdminLayout({ children }: { children: ReactNode }) {
  return <AdminOnly>{children}</AdminOnly>;
}
