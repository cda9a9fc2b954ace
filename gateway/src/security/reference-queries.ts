/**
 * Our own largest operations, shaped like the client's page queries (Relay would send the same
 * selections split into fragments). The limits in limits.ts are set with a margin above them;
 * GraphiQL opens with the homepage query.
 */

/** The homepage / category page: location, its navigation and a full page of 48 deal cards. */
// The deal card's fields, as the homepage and the search page select them (the same text in both).
const DEAL_CARD_HEAD = 'id dealId title headline url discountPercentage showFromPrice priceDisplay closingDate';
const DEAL_CARD_TAIL = `price { amount currency formatted }
originalPrice { amount currency formatted }
image { url alt width height }
merchant { id name rating reviewCount }
category { id name shortName url }
subCategory { id name shortName url }
location { id slug name }`;

export const HOMEPAGE_QUERY = /* GraphQL */ `query HomePageQuery($location: String! = "glasgow", $category: String, $subcategory: String, $sort: DealSort = POPULARITY, $page: Int) {
  location(slug: $location) {
    id
    slug
    name
    shortName
    description
    url
    isDefault
    isTravel
    isNational
    latLon { lat lon }
    navigation {
      id
      shortName
      linkText
      url
      position
      count
      imageUrl
      externalLink
      isDefault
      isActive
      isLocal
      showPopover
      navigationType
      metaTitle
      subNavigations { id linkText shortName url count }
    }
    category(slug: "restaurants-food") { id slug name shortName url metaTitle description parent { id slug name url } }
    deals(first: 48, category: $category, subcategory: $subcategory, sort: $sort, page: $page) {
      totalCount
      page
      pageSize
      canonicalUrl
      facets { shortName linkText url count }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges {
        cursor
        node {
          __typename
          ${DEAL_CARD_HEAD}
          isEvergreen
          soldCount
          totalRemainingForDay
          hasVipExclusive
          ${DEAL_CARD_TAIL}
          products {
            id
            productId
            title
            soldOut
            remaining
            discountPercentage
            price { amount currency formatted }
            originalPrice { amount currency formatted }
          }
        }
      }
    }
  }
}
`;

/** The deal page: everything about one deal. */
export const DEAL_PAGE_QUERY = /* GraphQL */ `query DealPageQuery($dealId: ID!) {
  deal(dealId: $dealId) {
    id
    dealId
    title
    headline
    description
    highlights
    finePrint
    url
    discountPercentage
    showFromPrice
    priceDisplay
    closingDate
    isEvergreen
    soldCount
    purchaseCap
    totalRemainingForDay
    pricePerPerson
    bookingCalendarOnRedemption
    highFraudRisk
    deliveryType
    hasVipExclusive
    price { amount currency formatted }
    originalPrice { amount currency formatted }
    image { url alt width height }
    merchant { id name address postcode website rating reviewCount latLon { lat lon } }
    location { id slug name shortName url navigation { id shortName linkText url subNavigations { id linkText shortName url } } }
    category { id slug name shortName url metaTitle }
    subCategory { id slug name shortName url parent { id slug } }
    products {
      id
      productId
      title
      discountPercentage
      displayDiscount
      purchaseCap
      remaining
      soldOut
      hasDeposit
      numberOfNights
      vipExclusive
      disabled
      price { amount currency formatted }
      originalPrice { amount currency formatted }
      discount { amount currency formatted }
      depositPrice { amount currency formatted }
      postagePrice { amount currency formatted }
    }
  }
}
`;

/** The search page: a full page of 48 result cards, the facets and the sponsored results. */
export const SEARCH_PAGE_QUERY = /* GraphQL */ `query SearchPageQuery($query: String = "spa", $location: String, $category: String, $subcategory: String, $sort: SearchSort, $page: Int) {
  search(query: $query, location: $location, category: $category, subcategory: $subcategory, sort: $sort, page: $page, first: 48) {
    totalCount
    page
    pageSize
    query
    correctedQuery
    strategy
    lowestPrice { amount currency formatted }
    facets { type value label count }
    sponsored {
      adId
      urlPath
      isSponsored
      deal { id dealId title url price { amount currency formatted } image { url alt width height } merchant { id name } }
    }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges {
      cursor
      node {
        ${DEAL_CARD_HEAD}
        soldCount
        hasVipExclusive
        ${DEAL_CARD_TAIL}
        products { id productId title soldOut price { amount currency formatted } originalPrice { amount currency formatted } }
      }
    }
  }
}
`;

/** A guide page: the guide, its listicle deals and a page of 30 feed deals. */
export const GUIDE_PAGE_QUERY = /* GraphQL */ `query GuidePageQuery($slug: String! = "best-afternoon-tea-glasgow", $page: Int) {
  guide(slug: $slug) {
    id
    slug
    url
    displayName
    description
    text
    additionalText
    listicleView
    redirectUrl
    listicle {
      heading
      text
      deal { id dealId title url price { amount currency formatted } originalPrice { amount currency formatted } image { url alt width height } merchant { id name } }
    }
    deals(first: 30, page: $page) {
      totalCount
      page
      pageSize
      pageInfo { hasNextPage endCursor }
      edges {
        cursor
        node {
          id
          dealId
          title
          url
          discountPercentage
          showFromPrice
          price { amount currency formatted }
          originalPrice { amount currency formatted }
          image { url alt width height }
          merchant { id name rating }
          location { id slug name }
        }
      }
    }
  }
}
`;
