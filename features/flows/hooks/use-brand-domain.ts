import { useQuery } from '@tanstack/react-query';
import { getBrand } from '@/api/brands';

/** The website domain of a product, to offer its site as the page the builder opens. */
export function useBrandDomain(brandId: number | null | undefined): string | undefined {
  const brand = useQuery({
    queryKey: ['brands', 'detail', brandId],
    queryFn: ({ signal }) => getBrand(brandId!, signal),
    enabled: typeof brandId === 'number',
    staleTime: 5 * 60_000,
  });
  return brand.data?.domain;
}
