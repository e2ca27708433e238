import { LogoMark } from '@/components/ui/icons';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/routing';

/** The logo and the product's name, leading home: the header's, and the sign-in pages' (larger). */
export function HomeLink({ className }: { className: string }) {
  return (
    <Link
      to={paths.home.getHref()}
      className={cn('flex items-center gap-2 rounded-lg font-bold text-brand-700', className)}
      aria-label={`${PRODUCT_NAME} home`}
    >
      <LogoMark className="text-brand-600" />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
